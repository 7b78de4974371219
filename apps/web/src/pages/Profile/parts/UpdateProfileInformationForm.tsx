import { useForm } from '@renderfarm/react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { router } from '../../../app/protocol';
import { Button } from '../../../components/ui/Button';
import { FormSection } from '../../../components/ui/FormSection';
import { SavedNote } from '../../../components/ui/SavedNote';
import { TextField } from '../../../components/ui/TextField';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useRoute } from '../../../lib/route';
import type { ProfileDetails } from './profile-types';

/** Name, e-mail (a new one must be verified again) and photo. */
export function UpdateProfileInformationForm({ profile }: { profile: ProfileDetails }) {
  const route = useRoute();
  const form = useForm<{ name: string; email: string; photo: File | null }>({
    name: profile.name ?? '',
    email: profile.email ?? '',
    photo: null,
  });
  const [preview, setPreview] = useState<string | null>(null);
  const [verificationSent, setVerificationSent] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, form.errors);

  // The preview's object URL holds the file in memory until it is revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    form.setData('photo', file);
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => {
      const payload: Record<string, unknown> = { name: data.name.trim(), email: data.email.trim() };
      if (data.photo) payload.photo = data.photo;
      return payload as never;
    });
    await form.put(route('user-profile-information.update'), {
      preserveScroll: true,
      onSuccess: () => {
        form.setData('photo', null);
        setPreview(null);
        if (fileRef.current) fileRef.current.value = '';
      },
    });
  };

  const removePhoto = () =>
    router.delete(route('current-user-photo.destroy'), {
      preserveScroll: true,
      onSuccess: () => setPreview(null),
    });

  const sendVerification = () =>
    router.post(
      route('verification.send'),
      {},
      { preserveScroll: true, onSuccess: () => setVerificationSent(true) },
    );

  const shown = preview ?? profile.photo_url ?? null;
  const initial = (profile.name || '؟').trim().charAt(0);

  return (
    <FormSection
      id="profile-information"
      title="اطلاعات حساب"
      description="نام، ایمیل و عکس پروفایلتان. اگر ایمیل را عوض کنید، باید دوباره تأییدش کنید."
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">عکس پروفایل</legend>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {shown ? (
              <img src={shown} alt="عکس پروفایل" className="size-16 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-16 place-items-center rounded-full bg-brand-100 text-xl font-bold text-brand-700"
              >
                {initial}
              </span>
            )}
            <input
              ref={fileRef}
              id="profile-photo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={choosePhoto}
              className="sr-only"
              aria-describedby={form.errors.photo ? 'profile-photo-error' : undefined}
            />
            <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()}>
              انتخاب عکس تازه
            </Button>
            {profile.photo_url && !preview && (
              <Button variant="ghost" size="sm" onClick={removePhoto}>
                حذف عکس
              </Button>
            )}
          </div>
          <div aria-live="polite">
            {form.errors.photo && (
              <p id="profile-photo-error" className="mt-1.5 text-sm text-red-700">
                {form.errors.photo}
              </p>
            )}
          </div>
        </fieldset>
        <TextField
          label="نام و نام خانوادگی"
          name="name"
          value={form.data.name}
          onChange={(value) => form.setData('name', value)}
          error={form.errors.name}
          autoComplete="name"
          maxLength={255}
        />
        <div>
          <TextField
            label="ایمیل"
            name="email"
            type="email"
            value={form.data.email}
            onChange={(value) => form.setData('email', value)}
            error={form.errors.email}
            autoComplete="email"
            ltr
          />
          {profile.email && profile.email_verified === false && (
            <p className="mt-2 text-sm text-amber-800">
              ایمیلتان هنوز تأیید نشده است.{' '}
              <button
                type="button"
                onClick={sendVerification}
                className="font-medium underline underline-offset-4"
              >
                فرستادن دوباره پیوند تأیید
              </button>
              <span aria-live="polite" className="ms-1 text-green-700">
                {verificationSent ? 'پیوند تازه فرستاده شد.' : ''}
              </span>
            </p>
          )}
        </div>
        <div className="flex items-center justify-end gap-3">
          <SavedNote show={form.recentlySuccessful} />
          <Button type="submit" disabled={form.processing}>
            ذخیره
          </Button>
        </div>
      </form>
    </FormSection>
  );
}
