import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import BodyEditor from './BodyEditor';

afterEach(cleanup);

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="body-label">متن</span>
      <BodyEditor
        value={value}
        onChange={(html) => {
          seen.push(html);
          setValue(html);
        }}
        uploadUrl="/admin/uploads"
        labelId="body-label"
        describedBy={undefined}
        invalid={false}
        placeholder="متن را اینجا بنویسید…"
      />
      <button type="button" onClick={() => setValue('<p>نسخهٔ پیشین</p>')}>
        بازگرداندن
      </button>
    </>
  );
}

describe('BodyEditor', () => {
  it('is a right-to-left text box named by its label, with a Persian toolbar', async () => {
    render(<Harness initial="" seen={[]} />);
    const box = await screen.findByRole('textbox', { name: 'متن' });
    expect(box.getAttribute('dir')).toBe('rtl');
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(screen.getByText('متن را اینجا بنویسید…')).toBeTruthy();
    const toolbar = screen.getByRole('toolbar', { name: 'قالب‌بندی متن' });
    for (const name of [
      'عنوان بخش',
      'زیرعنوان',
      'پررنگ',
      'کج',
      'فهرست نقطه‌ای',
      'فهرست شماره‌دار',
      'نقل قول',
      'پیوند',
      'افزودن تصویر',
      'واگرد',
      'ازنو',
    ])
      expect(toolbar.querySelector(`[aria-label="${name}"]`), name).not.toBeNull();
  });

  it('shows the stored HTML, edits its source, and takes a value put back from outside', async () => {
    const seen: string[] = [];
    render(<Harness initial="<h2>چرا رندر ابری؟</h2><p>متن</p>" seen={seen} />);
    const box = await screen.findByRole('textbox', { name: 'متن' });
    expect(box.querySelector('h2')?.textContent).toBe('چرا رندر ابری؟');

    fireEvent.click(screen.getByRole('button', { name: /کد HTML/ }));
    const source = screen.getByRole('textbox', { name: 'کد HTML متن' }) as HTMLTextAreaElement;
    expect(source.value).toBe('<h2>چرا رندر ابری؟</h2><p>متن</p>');
    fireEvent.change(source, { target: { value: '<h3>تازه</h3><p>متن</p>' } });
    expect(seen.at(-1)).toBe('<h3>تازه</h3><p>متن</p>');
    fireEvent.click(screen.getByRole('button', { name: /ویرایشگر/ }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'متن' }).querySelector('h3')?.textContent).toBe('تازه'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'بازگرداندن' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'متن' }).textContent).toBe('نسخهٔ پیشین'));
  });
});
