// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApiError } from '@client/lib/api';
import { renderWithApp } from '@client/testing/render';
import { FilterChips } from './chips';
import { DateField } from './fields';
import { ResultCount, ShowMoreButton, SortChips, ViewToggle, sortChipOptions } from './list-controls';
import { ErrorState } from './states';

describe('ResultCount', () => {
  it('announces the count politely, "Searching…" before the first answer and "About" for an estimate', () => {
    const { rerender } = renderWithApp(<ResultCount total={0} singular="restaurant" plural="restaurants" pending />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Searching…');

    rerender(<ResultCount total={1} singular="restaurant" plural="restaurants" />);
    expect(status.textContent).toBe('1 restaurant');

    rerender(<ResultCount total={12000} singular="restaurant" plural="restaurants" estimated />);
    expect(status.textContent).toBe('About 12,000 restaurants');
  });
});

describe('ShowMoreButton', () => {
  it('is busy and disabled while the next page loads', async () => {
    const onClick = vi.fn();
    const { rerender, user } = renderWithApp(
      <ShowMoreButton loading={false} onClick={onClick}>
        Show more hotels
      </ShowMoreButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Show more hotels' }));
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <ShowMoreButton loading onClick={onClick}>
        Show more hotels
      </ShowMoreButton>,
    );

    const busy = screen.getByRole('button', { name: 'Loading more…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(busy);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('toggle groups', () => {
  function Controls() {
    const [sort, setSort] = useState('relevance');
    const [view, setView] = useState<'list' | 'map'>('list');
    const [cuisine, setCuisine] = useState('All');
    return (
      <>
        <SortChips value={sort} onChange={setSort} options={sortChipOptions(false)} label="Sort restaurants by" />
        <ViewToggle view={view} onChange={setView} label="Show restaurants as" />
        <FilterChips label="Cuisine" options={['All', 'Italian', 'Mexican']} value={cuisine} onChange={setCuisine} />
      </>
    );
  }

  const pressed = (group: string) =>
    within(screen.getByRole('group', { name: group }))
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-pressed') === 'true')
      .map((b) => b.textContent);

  it('are labelled groups of toggle buttons with exactly one pressed, moved by click or keyboard', async () => {
    const { user } = renderWithApp(<Controls />);
    expect(pressed('Sort restaurants by')).toEqual(['Relevance']);
    expect(pressed('Show restaurants as')).toEqual(['List']);
    expect(pressed('Cuisine')).toEqual(['All']);
    // Distance needs a place to measure from.
    expect(within(screen.getByRole('group', { name: 'Sort restaurants by' })).queryByRole('button', { name: 'Distance' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rating' }));
    await user.click(screen.getByRole('button', { name: 'Map' }));
    screen.getByRole('button', { name: 'Mexican' }).focus();
    await user.keyboard('{Enter}');

    expect(pressed('Sort restaurants by')).toEqual(['Rating']);
    expect(pressed('Show restaurants as')).toEqual(['Map']);
    expect(pressed('Cuisine')).toEqual(['Mexican']);
  });
});

describe('DateField', () => {
  it('is a labelled date input whose error is announced and tied to it', () => {
    const { rerender } = renderWithApp(<DateField label="Check-out" value="2026-03-01" onChange={() => undefined} />);
    const input = screen.getByLabelText('Check-out');
    expect(input.getAttribute('aria-invalid')).toBeNull();

    rerender(<DateField label="Check-out" value="2026-03-01" onChange={() => undefined} error="Check-out must be after check-in" />);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Check-out must be after check-in');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });
});

describe('ErrorState', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the server's message of a failed request, and Retry", async () => {
    const onRetry = vi.fn();
    const { user } = renderWithApp(<ErrorState title="Could not load flights" error={new ApiError(503, 'Service Unavailable', '{"message":"Back in a minute"}')} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load flights');
    expect(alert.textContent).toContain('Back in a minute');

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says the visitor is offline rather than blaming the server', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithApp(<ErrorState title="Could not load flights" error={new TypeError('Failed to fetch')} onRetry={() => undefined} />);

    expect(screen.getByRole('alert').textContent).toContain('You are offline. This needs a connection to Go Live; try again when you are back online.');
  });
});
