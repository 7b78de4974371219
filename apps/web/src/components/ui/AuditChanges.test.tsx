import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditChanges } from './AuditChanges';
import { IsolatedText, latinRuns } from './IsolatedText';

afterEach(cleanup);

const UUID = '5850e3bb-c504-4cf2-bc1a-366913b77959';

describe('audit text', () => {
  it('isolates identifiers left to right with their Latin digits, prose untouched', () => {
    expect(latinRuns(`سرور ${UUID} روی thr1-gpu-02 در ۱۰:۳۰`)).toEqual([
      { text: 'سرور ', ltr: false },
      { text: UUID, ltr: true },
      { text: ' روی ', ltr: false },
      { text: 'thr1-gpu-02', ltr: true },
      { text: ' در ۱۰:۳۰', ltr: false },
    ]);
    expect(latinRuns('پلن «RTX 4090» ساخته شد.')).toEqual([
      { text: 'پلن «', ltr: false },
      { text: 'RTX 4090', ltr: true },
      { text: '» ساخته شد.', ltr: false },
    ]);
    const { container } = render(<IsolatedText text={`تیکت ${UUID} بسته شد`} />);
    const bdi = container.querySelector('bdi');
    expect(bdi?.getAttribute('dir')).toBe('ltr');
    // Latin digits stay Latin: never «۵۸۵۰e۳bb».
    expect(bdi?.textContent).toBe(UUID);
    expect(container.textContent).not.toMatch(/[۰-۹]/);
  });

  it('shows each change by its Persian label, before ← after, codes left to right', () => {
    const { container } = render(
      <AuditChanges
        changes={[
          {
            field: 'pricePerHour',
            label: 'قیمت ساعتی',
            before: { text: '۹۵٬۰۰۰ تومان', ltr: false },
            after: { text: '۸۵٬۰۰۰ تومان', ltr: false },
          },
          { field: 'slug', label: 'نامک', before: null, after: { text: 'rtx-4090-ti', ltr: true } },
          { field: 'title', label: 'عنوان', before: { text: 'قدیمی', ltr: false }, after: null },
        ]}
      />,
    );
    const items = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'قیمت ساعتی: ۹۵٬۰۰۰ تومان←به۸۵٬۰۰۰ تومان',
      'نامک: rtx-4090-ti',
      'عنوان: قدیمی←به(برداشته شد)',
    ]);
    expect(container.querySelector('[dir="ltr"]')?.textContent).toBe('rtx-4090-ti');
    // No stored field name, no JSON.
    expect(container.textContent).not.toMatch(/pricePerHour|[{}[\]"]/);
  });
});
