import { describe, expect, it } from 'vitest';
import { MASKED } from '../activity/staff-audit';
import { auditValue, changeViews, legacySummary, subjectView } from './audit-view';

const names = new Map([[7, { name: 'سارا پشتیبان' }]]);

describe('audit values as people read them', () => {
  it('shows Rial as Toman with its unit, and every other format in Persian', () => {
    expect(auditValue(950_000, 'rial')).toEqual({ text: '۹۵٬۰۰۰ تومان', ltr: false });
    expect(auditValue(12_345, 'number')).toEqual({ text: '۱۲٬۳۴۵', ltr: false });
    expect(auditValue(9, 'percent')).toEqual({ text: '۹٪', ltr: false });
    expect(auditValue(true, 'bool')).toEqual({ text: 'بله', ltr: false });
    expect(auditValue(7, 'user', names)).toEqual({ text: 'سارا پشتیبان', ltr: false });
    expect(auditValue('active', 'text', names, { active: 'فعال' })).toEqual({ text: 'فعال', ltr: false });
    expect(auditValue('<p>سلام <b>دنیا</b></p>', 'long')).toEqual({ text: 'سلام دنیا', ltr: false });
    expect(auditValue('2026-03-20T20:30:00.000Z', 'datetime')?.text).toBe('۱۴۰۵/۰۱/۰۱ ساعت ۰۰:۰۰');
    expect(auditValue([1, 2], 'list')).toEqual({ text: '#1, #2', ltr: true });
    expect(auditValue(['Blender 4.2', 'V-Ray'], 'list')).toEqual({ text: 'Blender 4.2، V-Ray', ltr: false });
  });

  it('keeps identifiers, codes and UUIDs left to right with Latin digits; secrets stay masked', () => {
    const uuid = '5850e3bb-c504-4cf2-bc1a-366913b77959';
    expect(auditValue(uuid, 'code')).toEqual({ text: uuid, ltr: true });
    expect(auditValue('10.10.1.12', 'code')).toEqual({ text: '10.10.1.12', ltr: true });
    expect(auditValue(MASKED, 'code')).toEqual({ text: 'پنهان (تغییر کرد)', ltr: false });
    expect(auditValue(4, 'ref')).toEqual({ text: '#4', ltr: true });
    expect(auditValue(40_000, 'code')).toEqual({ text: '40000', ltr: true });
    expect(auditValue(null)).toBeNull();
    expect(auditValue('', 'code')).toBeNull();
  });

  it('labels each change by its subject type, with a setting of type rial in Toman', () => {
    expect(
      changeViews(
        'config',
        [{ field: 'value', before: 5_000_000, after: 10_000_000, format: 'rial' }],
        names,
      ),
    ).toEqual([
      {
        field: 'value',
        label: 'مقدار',
        before: { text: '۵۰۰٬۰۰۰ تومان', ltr: false },
        after: { text: '۱٬۰۰۰٬۰۰۰ تومان', ltr: false },
      },
    ]);
    expect(changeViews('ticket', [{ field: 'assigneeId', before: null, after: 7 }], names)[0]).toMatchObject({
      label: 'مسئول',
      after: { text: 'سارا پشتیبان' },
    });
  });

  it('names subjects in words, identifiers apart, with a link to the record’s page', () => {
    expect(subjectView('user', '7', names)).toEqual({
      label: 'سارا پشتیبان',
      name: null,
      code: null,
      link: { route: 'admin.users.edit', params: { user: '7' } },
    });
    expect(subjectView('location', '12', names, 'تهران ۱ (آسیاتک)')).toEqual({
      label: 'دیتاسنتر',
      name: 'تهران ۱ (آسیاتک)',
      code: '#12',
      link: { route: 'admin.locations.edit', params: { location: '12' } },
    });
    expect(subjectView('config', 'vat_rate', names)).toEqual({
      label: 'تنظیم',
      name: null,
      code: 'vat_rate',
      link: null,
    });
    expect(subjectView('menu', 'header', names)).toEqual({
      label: 'منو سربرگ',
      name: null,
      code: null,
      link: null,
    });
  });

  it('says an impersonated action as what was done, not its method and route', () => {
    expect(
      legacySummary('admin:impersonation.action', { route: 'panel.tickets.store', method: 'POST' }),
    ).toBe('ثبت تیکت تازه');
    expect(legacySummary('admin:impersonation.action', { route: 'gone.route', method: 'POST' })).not.toMatch(
      /[A-Za-z]/,
    );
  });

  it('reads older entries in Persian: labelled fields, never the stored names', () => {
    expect(legacySummary('ticket:updated', { changed: ['priority', 'department', 'assigneeId'] })).toBe(
      'فیلدها: اولویت، بخش، مسئول',
    );
    expect(legacySummary('admin:user.updated', { fields: ['name', 'email'] })).toBe('فیلدها: نام، ایمیل');
    expect(legacySummary('instance:moved', { uuid: 'x', reason: 'تخلیه' })).toBe('دلیل: تخلیه');
    expect(legacySummary('something:else', { token: 'abc', uuid: 'x' })).toBe('');
  });
});
