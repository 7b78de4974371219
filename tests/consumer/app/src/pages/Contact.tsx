import { Head, Link, useForm } from '@renderfarm/react';

export function Contact({ subjects }: { subjects: string[] }) {
  const form = useForm({ subject: subjects[0] ?? '', message: '' });
  return (
    <main>
      <Head title="تماس" />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void form.post('/contact');
        }}
      >
        <label>
          موضوع
          <select value={form.data.subject} onChange={(e) => form.setData('subject', e.target.value)}>
            {subjects.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          پیام
          <textarea value={form.data.message} onChange={(e) => form.setData('message', e.target.value)} />
        </label>
        {form.errors.message && <p role="alert">{form.errors.message}</p>}
        <button type="submit" disabled={form.processing}>
          فرستادن
        </button>
      </form>
      <Link href="/thanks">پیام‌های فرستاده</Link>
    </main>
  );
}
