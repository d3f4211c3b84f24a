// The Advance Chart's controls a page puts above its chart(s): the indicators menu (the `domain/indicators` set)
// and the drawing tools.
import {
  DRAWING_TOOLS,
  DRAWING_TOOL_NAMES,
  INDICATOR_KINDS,
  indicatorName,
  type DrawingTool,
  type IndicatorKind,
} from '@fnodesk/charts/drawing';
import { Button, ButtonGroup, Dropdown, Form } from 'react-bootstrap';

/** The indicators menu: one checkbox per indicator; `value` keeps the menu's order. */
export function IndicatorsMenu({
  id,
  value,
  onChange,
}: {
  /** Prefix of the menu's ids, unique on the page. */
  id: string;
  value: readonly IndicatorKind[];
  onChange: (indicators: IndicatorKind[]) => void;
}) {
  return (
    <Dropdown autoClose="outside">
      <Dropdown.Toggle size="sm" variant="outline-primary" id={`${id}-indicators`}>
        Indicators{value.length > 0 ? ` (${value.length})` : ''}
      </Dropdown.Toggle>
      <Dropdown.Menu className="px-3">
        {INDICATOR_KINDS.map((kind) => (
          <Form.Check
            key={kind}
            type="checkbox"
            id={`${id}-indicator-${kind}`}
            label={indicatorName(kind)}
            checked={value.includes(kind)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              onChange(INDICATOR_KINDS.filter((k) => (k === kind ? on : value.includes(k))));
            }}
          />
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** The drawing tools as toggle buttons; pressing the active one puts it down. */
export function DrawingToolButtons({
  label,
  tool,
  onChange,
}: {
  label: string;
  tool: DrawingTool | null;
  onChange: (tool: DrawingTool | null) => void;
}) {
  return (
    <ButtonGroup size="sm" aria-label={label}>
      {DRAWING_TOOLS.map((candidate) => (
        <Button
          key={candidate}
          variant={tool === candidate ? 'primary' : 'outline-primary'}
          aria-pressed={tool === candidate}
          onClick={() => onChange(tool === candidate ? null : candidate)}
        >
          {DRAWING_TOOL_NAMES[candidate]}
        </Button>
      ))}
    </ButtonGroup>
  );
}
