import { type InertiaFormProps, Link, useForm, usePage } from '../../src';

/** A users list and an edit form, the pages of the history bug reports. */
export function UsersIndex() {
  return (
    <main>
      <h1>users</h1>
      <Link href="/users/1/edit">edit 1</Link>
      <Link href="/users/2/edit">edit 2</Link>
    </main>
  );
}

interface User {
  user: { id: number; name: string };
}

function EditForm({ user, form }: User & { form: InertiaFormProps<{ name: string }> }) {
  const { url } = usePage();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.put(`/users/${user.id}`);
      }}
    >
      <h1>edit {user.id}</h1>
      <small>{url}</small>
      <input
        aria-label="name"
        value={form.data.name}
        onChange={(e) => form.setData('name', e.target.value)}
      />
      <button type="submit">save</button>
      <Link href={`/users/${user.id}/edit`}>edit again</Link>
      <Link href="/users">all users</Link>
    </form>
  );
}

/** useForm with a remember key per user, as `useForm(\`EditUser:${id}\`, …)`. */
export function UsersEditRemembered({ user }: User) {
  const form = useForm(`EditUser:${user.id}`, { name: user.name });
  return <EditForm user={user} form={form} />;
}

/** useForm without a remember key. */
export function UsersEditPlain({ user }: User) {
  const form = useForm({ name: user.name });
  return <EditForm user={user} form={form} />;
}
