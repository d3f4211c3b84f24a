import type { BrokerMarkStyle } from '../utils/broker-marks';

/** The round mark of a broker. */
export function BrokerMark({ mark, size = 48 }: { mark: BrokerMarkStyle; size?: number }) {
  return (
    <span
      className="broker-mark d-inline-flex align-items-center justify-content-center rounded-circle fw-bold text-white"
      style={{ backgroundColor: mark.color, width: size, height: size, fontSize: size / 3 }}
      aria-hidden="true"
    >
      {mark.mark}
    </span>
  );
}
