// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReconnectingNote } from './reconnecting-note';

afterEach(cleanup);

describe('ReconnectingNote', () => {
  it('says nothing while the first connection opens, then "Reconnecting…" when a live connection drops, until it is back', () => {
    const view = render(<ReconnectingNote socket="connecting" live />);
    expect(screen.queryByRole('status')).toBeNull();
    view.rerender(<ReconnectingNote socket="open" live />);
    expect(screen.queryByRole('status')).toBeNull();
    view.rerender(<ReconnectingNote socket="closed" live />);
    expect(screen.getByRole('status').textContent).toMatch(/^Reconnecting… the map catches up/);
    view.rerender(<ReconnectingNote socket="connecting" live />);
    expect(screen.getByRole('status').textContent).toMatch(/Reconnecting/);
    view.rerender(<ReconnectingNote socket="open" live />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing for a record that can no longer change (its socket is closed on purpose)', () => {
    const view = render(<ReconnectingNote socket="open" live />);
    view.rerender(<ReconnectingNote socket="closed" live={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
