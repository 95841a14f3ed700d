import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { FILE_FOLDERS, FileAccess, fileUrl, folderOfKey, isPrivateFolder, newFileKey } from './files';

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const member = (company_id: number): Actor => ({ kind: 'user', user_id: 1, role: 'MEMBER', company_id });
const admin: Actor = { kind: 'user', user_id: 2, role: 'ADMIN', company_id: null };

describe('file keys', () => {
  it('makes keys that name their folder and parse back to it', () => {
    for (const folder of Object.keys(FILE_FOLDERS) as (keyof typeof FILE_FOLDERS)[]) {
      const key = newFileKey(folder, 'png', new Date(Date.UTC(2025, 0, 31)));
      expect(key).toMatch(new RegExp(`^${folder}/2025/01/[0-9a-f-]{36}\\.png$`));
      expect(folderOfKey(key)).toBe(folder);
    }
  });

  it('accepts nothing but a generated key in a known folder', () => {
    for (const key of [
      `secret/2025/01/${UUID}.png`,
      `toString/2025/01/${UUID}.png`,
      `materials/2025/01/${UUID}`,
      `materials/2025/1/${UUID}.png`,
      `materials/2025/01/${UUID.toUpperCase()}.png`,
      `materials/2025/01/../${UUID}.png`,
      `materials/2025/01/.${UUID}.png`,
      `materials%2F2025%2F01%2F${UUID}.png`,
      `/materials/2025/01/${UUID}.png`,
      `materials/2025/01/${UUID}.png/`,
      `materials/2025/01/${UUID}.png\n`,
      '',
    ]) {
      expect(folderOfKey(key), key).toBeNull();
    }
  });

  it('derives the URL from the key, and none from no key', () => {
    expect(fileUrl(`materials/2025/01/${UUID}.png`)).toBe(`/files/materials/2025/01/${UUID}.png`);
    expect(fileUrl(null)).toBeNull();
  });

  it('keeps chat, trips, donations and csv private and photos, logos and pictures public', () => {
    expect(
      Object.entries(FILE_FOLDERS)
        .filter(([f]) => isPrivateFolder(f as keyof typeof FILE_FOLDERS))
        .map(([f]) => f)
        .sort(),
    ).toEqual(['chat', 'csv', 'donations', 'trips']);
  });
});

describe('FileAccess', () => {
  const chatKey = `chat/2025/01/${UUID}.pdf`;
  const tripKey = `trips/2025/01/${UUID}.pdf`;

  function withChatRule() {
    const access = new FileAccess();
    const asked: string[] = [];
    access.register('chat', {
      async find(key) {
        asked.push(key);
        return key === chatKey ? { name: 'offer.pdf', company_ids: [10, 20] } : null;
      },
      canRead: (actor, file) => actor.kind === 'user' && file.company_ids.includes(actor.company_id ?? -1),
    });
    return { access, asked };
  }

  it('grants public files to anyone without asking a rule', async () => {
    const key = `materials/2025/01/${UUID}.png`;
    expect(await new FileAccess().grant({ kind: 'anonymous' }, key)).toEqual({ key, visibility: 'public', name: `${UUID}.png` });
  });

  it('grants a private file to a reader its rule accepts, under the recorded name', async () => {
    const { access } = withChatRule();
    expect(await access.grant(member(20), chatKey)).toEqual({ key: chatKey, visibility: 'private', name: 'offer.pdf' });
    expect(await access.grant(member(30), chatKey)).toBeNull();
  });

  it('refuses anonymous readers without looking the key up', async () => {
    const { access, asked } = withChatRule();
    expect(await access.grant({ kind: 'anonymous' }, chatKey)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('refuses a key no record holds, even to a reader of every chat', async () => {
    const access = new FileAccess();
    access.register('chat', { find: async () => null, canRead: () => true });
    expect(await access.grant(member(10), chatKey)).toBeNull();
  });

  it('lets administrators read private files, with or without a rule for the folder', async () => {
    const { access } = withChatRule();
    expect(await access.grant(admin, chatKey)).toMatchObject({ visibility: 'private', name: 'offer.pdf' });
    expect(await access.grant(admin, tripKey)).toMatchObject({ visibility: 'private', name: `${UUID}.pdf` });
    expect(await access.grant(member(10), tripKey)).toBeNull();
    expect(await access.grant({ kind: 'driver', driver_id: 1 }, tripKey)).toBeNull();
  });

  it('refuses a second rule for one folder', () => {
    const { access } = withChatRule();
    expect(() => access.register('chat', { find: async () => null, canRead: () => true })).toThrow(/already registered/);
  });
});
