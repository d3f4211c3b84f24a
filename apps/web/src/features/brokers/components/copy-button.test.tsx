import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_LABEL_RESET_MS, CopyButton } from './copy-button';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Copy button', () => {
  it("says 'Copied' after a copy and 'Copy' again 2 s later", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton text="token-123" label="API token" />);
    const button = screen.getByRole('button', { name: 'Copy API token' });

    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('token-123');
    expect(button).toHaveTextContent('Copied');

    act(() => {
      vi.advanceTimersByTime(COPY_LABEL_RESET_MS - 1);
    });
    expect(button).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button).toHaveTextContent('Copy');
    expect(COPY_LABEL_RESET_MS).toBe(2000);
  });
});
