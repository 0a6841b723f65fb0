import { describe, expect, it } from 'vitest';
import { nounForms, renameText } from './rename-noun.mjs';

// The rules of the noun's rename (docs/customising.md); the whole rename is proven by
// `npm run prove:adaptable`, on a copy of the tree.

const notes = nounForms('notes');

describe('rename-noun', () => {
  it('derives the forms of the noun, a singular given or made', () => {
    expect(nounForms('notes')).toMatchObject({ item: 'note', Items: 'Notes', ITEM: 'NOTE' });
    expect(nounForms('entries')).toMatchObject({ item: 'entry', items: 'entries' });
    expect(nounForms('people', 'person')).toMatchObject({ item: 'person', Items: 'People' });
  });

  it('renames the noun in names, paths, constants, events and prose', () => {
    expect(renameText("import { createItem } from '#api/items/create-item.ts';", notes)).toBe(
      "import { createNote } from '#api/notes/create-note.ts';",
    );
    expect(renameText('ITEMS_PER_USER_MAX items_version itemsPerUser listItems', notes)).toBe(
      'NOTES_PER_USER_MAX notes_version notesPerUser listNotes',
    );
    expect(renameText("action: 'item.created', path: '/api/items/:id'", notes)).toBe(
      "action: 'note.created', path: '/api/notes/:id'",
    );
    expect(renameText('Add an item. Items are kept.', nounForms('entries'))).toBe(
      'Add an entry. Entries are kept.',
    );
    expect(renameText('Add an item.', notes)).toBe('Add a note.');
  });

  it("keeps Stripe's, the browser's and CSS's own words", () => {
    for (const kept of [
      'line_items: [{ price, quantity }]',
      'session.listLineItems(id)',
      'subscription.items.data[0]',
      "items: [{ price: 'price_pro', quantity: 2 }]",
      "localStorage.getItem('token'); localStorage.setItem('a', b); removeItem('a')",
      'role="menuitemradio"',
      'className="flex items-center justify-between sm:items-start"',
      'align-items: center; display: list-item',
      '<div itemProp="name" itemScope>',
      'invoice items',
    ]) {
      expect(renameText(kept, notes)).toBe(kept);
    }
  });

  it('keeps bare `item`/`items` identifiers when told where they are', () => {
    const text = 'links.map((item) => item.href); // every item';
    const keep = [
      [11, 15],
      [21, 25],
    ];
    expect(renameText(text, notes, { keep })).toBe('links.map((item) => item.href); // every note');
  });
});
