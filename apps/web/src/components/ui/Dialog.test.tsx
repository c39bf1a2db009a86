import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { Dialog } from './Dialog';

/** A page with a button that opens a dialog holding a field and a button. */
function WithDialog({ description }: { description?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Intégrer ce lieu
      </button>
      <button type="button">Autre bouton de la page</button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Intégrer sur votre site"
        {...(description ? { description } : {})}
      >
        <label>
          Largeur
          <input type="number" defaultValue={400} />
        </label>
        <button type="button" onClick={() => setOpen(false)}>
          Copier le code
        </button>
      </Dialog>
    </>
  );
}

const open = async (description?: string, langue: 'fr' | 'en' = 'fr') => {
  const r = await renderScreen(<WithDialog {...(description ? { description } : {})} />, { langue });
  const opener = screen.getByRole('button', { name: 'Intégrer ce lieu' });
  await r.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Intégrer sur votre site' });
  return { ...r, opener, dialog };
};

describe('Dialog', () => {
  it('opens with its title and description, and takes the focus', async () => {
    const { dialog } = await open('Copiez ce code dans votre page.');
    expect(dialog).toHaveAccessibleDescription('Copiez ce code dans votre page.');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  });

  it('keeps the focus inside while it is open', async () => {
    const { user, dialog } = await open();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Autre bouton de la page', hidden: true })).not.toHaveFocus();
  });

  it('closes on Escape and gives the focus back to its opener', async () => {
    const { user, opener } = await open();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes with its close button, named in the reader’s language', async () => {
    const { user, opener } = await open(undefined, 'en');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes from its own content, and opens again', async () => {
    const { user, opener } = await open();
    await user.click(screen.getByRole('button', { name: 'Copier le code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Intégrer sur votre site' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });
});
