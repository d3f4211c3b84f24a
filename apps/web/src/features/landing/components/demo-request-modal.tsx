import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Form, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-error';
import { useRequestDemo } from '../api/request-demo';
import { demoFormSchema, type DemoFormValues } from '../utils/demo-form-schema';

/** Shown once the request is stored. */
export const DEMO_REQUEST_THANKS = 'Thank you! We will call you to arrange your demo.';

function LocalDemoForm() {
  const requestDemo = useRequestDemo();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DemoFormValues, unknown, { name: string; email: string; mobile: string; message: string }>({
    resolver: zodResolver(demoFormSchema),
    defaultValues: { name: '', email: '', mobile: '', message: '' },
  });
  const onSubmit = handleSubmit((values) => requestDemo.mutate(values));

  if (requestDemo.isSuccess) {
    return (
      <Alert variant="success" className="mb-0" role="status">
        {DEMO_REQUEST_THANKS}
      </Alert>
    );
  }
  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Demo request">
      <p className="text-body-secondary small">
        Leave your details and we will walk you through the product on a call at a time that suits you.
      </p>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel"
        hint="An Indian mobile needs no country code; others start with +."
        error={errors.mobile?.message}
        {...register('mobile')}
      />
      <Form.Group className="mb-3" controlId="demo-message">
        <Form.Label>Message (optional)</Form.Label>
        <Form.Control as="textarea" rows={3} isInvalid={errors.message !== undefined} {...register('message')} />
        <Form.Control.Feedback type="invalid">{errors.message?.message}</Form.Control.Feedback>
      </Form.Group>
      {requestDemo.isError && (
        <Alert variant="danger" className="py-2" role="alert">
          {isApiError(requestDemo.error) ? requestDemo.error.message : 'Something went wrong. Please try again later.'}
        </Alert>
      )}
      <LoadingButton type="submit" className="w-100" loading={requestDemo.isPending}>
        Request demo
      </LoadingButton>
    </Form>
  );
}

/**
 * 'Register for demo' (spec §2 Landing): embeds the configured external form, or, with none configured, the
 * site's own form, which stores the request.
 */
export function DemoRequestModal({
  show,
  onHide,
  formUrl,
}: {
  show: boolean;
  onHide: () => void;
  formUrl: string | null;
}) {
  return (
    <Modal show={show} onHide={onHide} centered size={formUrl === null ? undefined : 'lg'} aria-labelledby="demo-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="demo-title" as="h2" className="h5">
          Register for demo
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {formUrl === null ? (
          <LocalDemoForm />
        ) : (
          <iframe className="demo-form-frame w-100 border-0" src={formUrl} title="Demo registration form" />
        )}
      </Modal.Body>
    </Modal>
  );
}
