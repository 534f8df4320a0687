// @vitest-environment happy-dom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@client/testing/render';
import { Checkbox } from './checkbox';
import { FormAlert, FormField } from './form-field';
import { Input } from './input';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** The elements an aria-describedby names, as the text a screen reader reads after the field's name. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`).join(' ');
}

describe('FormField', () => {
  it('labels its control and ties the hint to it while there is no error', () => {
    renderWithApp(
      <FormField label="Email" required hint="We send the receipt here.">
        {(control) => <Input type="email" {...control} />}
      </FormField>,
    );
    // The asterisk is decoration (aria-hidden); "required" is said by aria-required.
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(description(input)).toBe('We send the receipt here.');
  });

  it('shows the error in place of the hint, marks the control invalid and describes it with the message', () => {
    renderWithApp(
      <FormField label="Email" hint="We send the receipt here." error="Please enter a valid email address">
        {(control) => <Input type="email" {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBeNull();
    expect(description(input)).toBe('Please enter a valid email address');
    expect(screen.queryByText('We send the receipt here.')).toBeNull();
  });

  it('gives each field its own ids, so two fields never describe each other', () => {
    renderWithApp(
      <>
        <FormField label="First name" error="First name is required">
          {(control) => <Input {...control} />}
        </FormField>
        <FormField label="Last name" error="Last name is required">
          {(control) => <Input {...control} />}
        </FormField>
      </>,
    );
    expect(description(screen.getByRole('textbox', { name: 'First name' }))).toBe('First name is required');
    expect(description(screen.getByRole('textbox', { name: 'Last name' }))).toBe('Last name is required');
  });
});

describe('FormAlert', () => {
  it('is an alert region that is empty until there is a message', () => {
    const { rerender } = renderWithApp(<FormAlert message={null} />);
    expect(screen.getByRole('alert').textContent).toBe('');

    rerender(<FormAlert message="That username is taken" />);

    expect(screen.getByRole('alert').textContent).toBe('That username is taken');
  });
});

describe('Checkbox', () => {
  function Terms({ onChange }: { onChange: (checked: boolean) => void }) {
    const [checked, setChecked] = useState(false);
    return (
      <div>
        <Checkbox
          id="terms"
          checked={checked}
          onCheckedChange={(next) => {
            setChecked(next === true);
            onChange(next === true);
          }}
        />
        <Label htmlFor="terms">I accept the terms</Label>
      </div>
    );
  }

  it('is a checkbox named by its label that toggles by click, by its label and by Space', async () => {
    const onChange = vi.fn();
    const { user } = renderWithApp(<Terms onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box.getAttribute('aria-checked')).toBe('false');

    await user.click(box);
    expect(box.getAttribute('aria-checked')).toBe('true');

    await user.click(screen.getByText('I accept the terms'));
    expect(box.getAttribute('aria-checked')).toBe('false');

    box.focus();
    await user.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(onChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('cannot be changed while disabled', async () => {
    const { user } = renderWithApp(<Checkbox aria-label="Sound for new orders" disabled />);
    const box = screen.getByRole('checkbox', { name: 'Sound for new orders' });

    await user.click(box);

    expect(box.getAttribute('aria-checked')).toBe('false');
    expect((box as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Select', () => {
  function Guests() {
    const [value, setValue] = useState('2');
    return (
      <div>
        <Label htmlFor="guests">Guests</Label>
        <Select value={value} onValueChange={setValue}>
          <SelectTrigger id="guests">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {['1', '2', '3', '4'].map((n) => (
              <SelectItem key={n} value={n}>
                {n === '4' ? '4+' : n}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <output aria-label="Chosen guests">{value}</output>
      </div>
    );
  }

  it('is a combobox named by its label showing the chosen value', () => {
    renderWithApp(<Guests />);
    const trigger = screen.getByRole('combobox', { name: 'Guests' });
    expect(trigger.textContent).toBe('2');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens from the keyboard, moves with the arrows and chooses with Enter', async () => {
    const { user } = renderWithApp(<Guests />);
    const trigger = screen.getByRole('combobox', { name: 'Guests' });
    trigger.focus();

    await user.keyboard('{Enter}');
    const listbox = screen.getByRole('listbox');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4+']);
    expect(screen.getByRole('option', { name: '2' }).getAttribute('aria-selected')).toBe('true');
    expect(listbox.contains(document.activeElement)).toBe(true);

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Guests' }).textContent).toBe('4+');
    expect(screen.getByLabelText('Chosen guests').textContent).toBe('4');
  });

  it('closes on Escape without changing the value', async () => {
    const { user } = renderWithApp(<Guests />);
    screen.getByRole('combobox', { name: 'Guests' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('listbox');

    await user.keyboard('{ArrowDown}{Escape}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Guests' }).textContent).toBe('2');
  });

  it('leaves out an option with an empty value (Radix reads it as "no selection") and says so in the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithApp(
      <Select defaultValue="a">
        <SelectTrigger aria-label="Letter">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="a">A</SelectItem>
          <SelectItem value="">Nothing</SelectItem>
        </SelectContent>
      </Select>,
    );
    screen.getByRole('combobox', { name: 'Letter' }).focus();
    await user.keyboard('{Enter}');

    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['A']);
    expect(consoleError).toHaveBeenCalledWith('SelectItem: an item must have a non-empty value; this item was not rendered.');
    consoleError.mockRestore();
  });
});
