import { describe, expect, it } from 'vitest';
import { addDays, calendarRange, mondayOf, shiftAnchor, tripsByDay } from './calendar';

describe('calendar', () => {
  it('finds Monday of any day, across months and years', () => {
    expect(mondayOf('2030-05-14')).toBe('2030-05-13');
    expect(mondayOf('2030-05-13')).toBe('2030-05-13');
    expect(mondayOf('2030-05-19')).toBe('2030-05-13');
    expect(mondayOf('2031-01-01')).toBe('2030-12-30');
  });

  it('shows a week Monday to Sunday and a month as the whole weeks covering it', () => {
    expect(calendarRange('week', '2030-05-14')).toMatchObject({ from: '2030-05-13', to: '2030-05-19' });
    const may = calendarRange('month', '2030-05-14');
    expect(may).toMatchObject({ from: '2030-04-29', to: '2030-06-02', month: 4 });
    expect(may.days).toHaveLength(35);
    // A month starting on Sunday needs six weeks.
    expect(calendarRange('month', '2030-09-10').days).toHaveLength(42);
  });

  it('steps a week or a month at a time', () => {
    expect(shiftAnchor('week', '2030-05-14', 1)).toBe('2030-05-21');
    expect(shiftAnchor('month', '2030-01-31', 1)).toBe('2030-02-01');
    expect(shiftAnchor('month', '2030-01-15', -1)).toBe('2029-12-01');
    expect(addDays('2030-02-28', 1)).toBe('2030-03-01');
  });

  it('groups trips by day in start-time order', () => {
    const t = (id: number, event_date: string | null, start_time: string) => ({ id, calendar_event: { event_date, start_time } });
    const byDay = tripsByDay([t(1, '2030-05-14', '14:00'), t(2, '2030-05-14', '08:30'), t(3, '2030-05-15', '09:00'), t(4, null, '10:00')]);
    expect(byDay.get('2030-05-14')!.map((x) => x.id)).toEqual([2, 1]);
    expect([...byDay.keys()]).toEqual(['2030-05-14', '2030-05-15']);
  });
});
