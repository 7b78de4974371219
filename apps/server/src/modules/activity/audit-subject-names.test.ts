import { describe, expect, it } from 'vitest';
import { SUBJECT_NAMING, subjectNameOf } from './audit-subject-names';
import { AUDIT_SUBJECTS } from './audit-subjects';

describe('audit subjects by name', () => {
  it('knows how to name every kind of record the audit is about (people and settings name themselves)', () => {
    const unnamed = Object.keys(AUDIT_SUBJECTS).filter(
      (type) => type !== 'user' && type !== 'config' && !Object.hasOwn(SUBJECT_NAMING, type),
    );
    expect(unnamed).toEqual([]);
  });

  it('takes the name from the record after the write, or before it for a deletion', () => {
    expect(subjectNameOf('location', { name: 'تهران ۱' }, { name: 'تهران ۱ (آسیاتک)' })).toBe(
      'تهران ۱ (آسیاتک)',
    );
    expect(subjectNameOf('hardware', { title: 'RTX 4090' }, null)).toBe('RTX 4090');
    expect(subjectNameOf('port', null, { publicIp: '185.213.10.21', publicPort: 33891 })).toBe(
      '185.213.10.21:33891',
    );
    expect(subjectNameOf('limitation', null, { key: 'max_instances' })).toBe('بیشترین تعداد سرور');
    expect(subjectNameOf('invoice', null, { number: 1405001, status: 'paid' })).toBe('1405001');
    expect(subjectNameOf('invoice', null, { number: null, status: 'draft' })).toBe('پیش‌نویس');
    expect(subjectNameOf('resource', { status: 'available' }, { status: 'maintenance' })).toBeNull();
  });
});
