import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { Switch } from './Switch';

function Setting({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <Switch
        label="Notifications par e-mail"
        description="Un message quand une alerte commence."
        checked={on}
        onChange={setOn}
        disabled={disabled}
      />
      <p>{on ? 'Activées' : 'Désactivées'}</p>
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label and described by its text', async () => {
    await renderScreen(<Setting />);
    const sw = screen.getByRole('switch', { name: 'Notifications par e-mail' });
    expect(sw).not.toBeChecked();
    expect(sw).toHaveAccessibleDescription('Un message quand une alerte commence.');
  });

  it('toggles from its label, and from the keyboard', async () => {
    const { user } = await renderScreen(<Setting />);
    const sw = screen.getByRole('switch', { name: 'Notifications par e-mail' });
    await user.click(screen.getByText('Notifications par e-mail'));
    expect(sw).toBeChecked();
    expect(sw).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Activées')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(sw).not.toBeChecked();
    expect(screen.getByText('Désactivées')).toBeInTheDocument();
  });

  it('does not move when disabled', async () => {
    const { user } = await renderScreen(<Setting disabled />);
    const sw = screen.getByRole('switch', { name: 'Notifications par e-mail' });
    expect(sw).toBeDisabled();
    await user.click(screen.getByText('Notifications par e-mail'));
    expect(sw).not.toBeChecked();
    expect(screen.getByText('Désactivées')).toBeInTheDocument();
  });
});
