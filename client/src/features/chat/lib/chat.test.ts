import { describe, expect, it } from 'vitest';
import {
  checkAttachments,
  groupByDay,
  isImageAttachment,
  localDay,
  mergeMessages,
  relativeDay,
  seenMessageId,
  toChatMessage,
  type ChatMessage,
} from './chat';

const msg = (id: number, company: number, at: string, name: string | null = null): ChatMessage => ({
  id,
  chat_id: 1,
  sender_user_id: company * 10,
  sender_company_id: company,
  sender_name: name,
  sender_former: false,
  body: `m${id}`,
  created_at: new Date(at).toISOString(),
  attachments: [],
});

describe('chat messages', () => {
  it('reads a page row (Date) and a live frame (ISO) into one shape, names included; a sender without a name reads as null', () => {
    const fromPage = toChatMessage({
      id: 3,
      chat_id: 1,
      sender_user_id: 7,
      sender_company_id: 2,
      sender_first_name: 'Mette',
      sender_last_name: 'Jensen',
      body: 'Hi',
      created_at: new Date('2026-03-04T10:00:00Z'),
      attachments: [],
    });
    expect(fromPage).toMatchObject({ sender_name: 'Mette Jensen', created_at: '2026-03-04T10:00:00.000Z' });
    const live = toChatMessage({
      id: 4,
      chat_id: 1,
      sender_user_id: 7,
      sender_company_id: 2,
      sender_first_name: 'Mette',
      sender_last_name: null,
      body: 'Yo',
      created_at: '2026-03-04T10:01:00.000Z',
      attachments: [],
    });
    expect(live).toMatchObject({ sender_name: 'Mette', created_at: '2026-03-04T10:01:00.000Z' });
    const unnamed = toChatMessage({
      id: 5,
      chat_id: 1,
      sender_user_id: null,
      sender_company_id: 2,
      sender_first_name: null,
      sender_last_name: null,
      body: 'Yo',
      created_at: '2026-03-04T10:02:00.000Z',
      attachments: [],
    });
    expect(unnamed.sender_name).toBeNull();
  });

  it('lists images first, then files, each in the order attached', () => {
    const att = (id: number, ext: string) => ({ id, name: `f${id}.${ext}`, url: `/files/chat/2026/01/k${id}.${ext}` });
    const m = toChatMessage({
      id: 1,
      chat_id: 1,
      sender_user_id: 1,
      sender_company_id: 1,
      body: 'x',
      created_at: '2026-03-04T10:00:00Z',
      attachments: [att(9, 'pdf'), att(8, 'png'), att(7, 'docx'), att(6, 'jpg')],
    });
    expect(m.attachments.map((a) => a.id)).toEqual([6, 8, 7, 9]);
  });

  it('merges pages and live frames oldest first, each message once, keeping a known sender name', () => {
    const older = [msg(1, 1, '2026-03-01T10:00:00Z', 'A'), msg(2, 2, '2026-03-01T11:00:00Z', 'B')];
    const newer = [msg(2, 2, '2026-03-01T11:00:00Z', null), msg(5, 1, '2026-03-02T09:00:00Z')];
    const merged = mergeMessages(newer, older);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 5]);
    expect(merged[1]!.sender_name).toBe('B');
  });

  it('groups by the local calendar day, in order', () => {
    const list = [msg(1, 1, '2026-03-01T08:00:00'), msg(2, 2, '2026-03-01T20:00:00'), msg(3, 1, '2026-03-03T09:00:00')];
    expect(groupByDay(list).map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ['2026-03-01', [1, 2]],
      ['2026-03-03', [3]],
    ]);
  });

  it('names today and yesterday, dates anything older', () => {
    const now = new Date('2026-03-04T09:00:00');
    expect(relativeDay(localDay(now), now)).toBe('today');
    expect(relativeDay('2026-03-03', now)).toBe('yesterday');
    expect(relativeDay('2026-03-01', now)).toBeNull();
    // Across a month boundary.
    expect(relativeDay('2026-02-28', new Date('2026-03-01T09:00:00'))).toBe('yesterday');
  });

  it("shows 'Seen' on our newest message only once the other company has read up to it", () => {
    const list = [msg(1, 1, '2026-03-01T08:00:00'), msg(2, 2, '2026-03-01T09:00:00'), msg(3, 1, '2026-03-01T10:00:00')];
    expect(seenMessageId(list, 1, 2)).toBeNull();
    expect(seenMessageId(list, 1, 3)).toBe(3);
    expect(seenMessageId(list, 1, null)).toBeNull();
    expect(seenMessageId([msg(2, 2, '2026-03-01T09:00:00')], 1, 9)).toBeNull();
  });

  it('tells images from other files by type, or by the stored extension when the type is unknown', () => {
    expect(isImageAttachment({ id: 1, name: 'x', url: '/files/chat/2026/01/a.pdf', mime_type: 'image/png' })).toBe(true);
    expect(isImageAttachment({ id: 1, name: 'photo.png', url: '/files/chat/2026/01/a.pdf' })).toBe(false);
    expect(isImageAttachment({ id: 1, name: 'x', url: '/files/chat/2026/01/a.jpg' })).toBe(true);
  });
});

describe('attachment checks before sending', () => {
  const MB = 1024 * 1024;
  const f = (name: string, size: number, type = '') => ({ name, size, type });

  it('accepts images, PDF and Office documents up to 10 MB', () => {
    const files = [
      f('a.png', MB, 'image/png'),
      f('b.PDF', 10 * MB, 'application/pdf'),
      f('c.docx', 2000),
      f('d.xlsx', 2000, 'application/octet-stream'),
    ];
    expect(checkAttachments(files, 0)).toEqual({ accepted: files, refused: [] });
  });

  it('refuses other types, a type that contradicts the name, files over 10 MB and empty files, with the reason', () => {
    const { accepted, refused } = checkAttachments(
      [f('x.exe', 10), f('y.png', 10, 'text/html'), f('z.pdf', 10 * MB + 1, 'application/pdf'), f('e.pdf', 0)],
      0,
    );
    expect(accepted).toEqual([]);
    expect(refused.map((r) => r.reason)).toEqual([
      { code: 'chat.attachmentType' },
      { code: 'chat.attachmentType' },
      { code: 'chat.attachmentTooLarge', params: { mb: 10 } },
      { code: 'chat.attachmentUnreadable' },
    ]);
  });

  it('keeps at most 5 files per message, counting those already attached', () => {
    const files = [1, 2, 3].map((i) => f(`${i}.pdf`, 100));
    const { accepted, refused } = checkAttachments(files, 3);
    expect(accepted.map((x) => x.name)).toEqual(['1.pdf', '2.pdf']);
    expect(refused).toEqual([{ file: files[2], reason: { code: 'chat.tooManyAttachments', params: { max: 5 } } }]);
  });
});
