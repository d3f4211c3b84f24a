import { renderHook } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConnectivityToasts } from './use-connectivity-toasts';

afterEach(() => vi.restoreAllMocks());

describe('useConnectivityToasts', () => {
  it('warns when the connection drops and confirms when it returns', () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    renderHook(() => useConnectivityToasts());

    window.dispatchEvent(new Event('offline'));
    expect(error).toHaveBeenCalledWith('No internet Connection. Please refresh page!', expect.anything());

    window.dispatchEvent(new Event('online'));
    expect(success).toHaveBeenCalledWith('Your internet connection has been restored', expect.anything());
  });

  it('stops listening on unmount', () => {
    const error = vi.spyOn(toast, 'error');
    const { unmount } = renderHook(() => useConnectivityToasts());
    unmount();

    window.dispatchEvent(new Event('offline'));

    expect(error).not.toHaveBeenCalled();
  });
});
