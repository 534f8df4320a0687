// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@client/testing/render';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Bookings() {
  return (
    <Tabs defaultValue="upcoming">
      <TabsList aria-label="Bookings">
        <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
        <TabsTrigger value="past">Past</TabsTrigger>
        <TabsTrigger value="cancelled">Cancelled</TabsTrigger>
      </TabsList>
      <TabsContent value="upcoming">Two stays ahead.</TabsContent>
      <TabsContent value="past">Eleven trips taken.</TabsContent>
      <TabsContent value="cancelled">Nothing cancelled.</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('is a labelled tab list whose selected tab names the panel shown', () => {
    renderWithApp(<Bookings />);
    screen.getByRole('tablist', { name: 'Bookings' });
    const upcoming = screen.getByRole('tab', { name: 'Upcoming' });
    expect(upcoming.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Past' }).getAttribute('aria-selected')).toBe('false');

    const panel = screen.getByRole('tabpanel', { name: 'Upcoming' });
    expect(panel.textContent).toBe('Two stays ahead.');
    expect(screen.queryByText('Eleven trips taken.')).toBeNull();
  });

  it('moves between tabs with the arrow keys, wrapping around, and Home/End', async () => {
    const { user } = renderWithApp(<Bookings />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Upcoming' }));

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Past' }));
    // Focus selects (automatic activation): the panel follows the arrow.
    expect(screen.getByRole('tabpanel', { name: 'Past' }).textContent).toBe('Eleven trips taken.');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Cancelled' }).getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Cancelled' }).textContent).toBe('Nothing cancelled.');
  });

  it('is one Tab stop: only the selected tab is in the Tab order', async () => {
    const { user } = renderWithApp(<Bookings />);
    await user.click(screen.getByRole('tab', { name: 'Past' }));

    // Roving focus: Tab reaches the selected tab, the arrows the others. (happy-dom lets Tab onto hidden panels, so the
    // Tab order is read from the tabs themselves.)
    const stops = screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0);
    expect(stops.map((tab) => tab.textContent)).toEqual(['Past']);
  });
});
