import { useForm } from '@renderfarm/react';
import type { ProfileDetails } from '@server/modules/accounts/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { router, usePage } from '../../../app/protocol';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { FormSection } from '../../../components/ui/FormSection';
import { EMAIL_INPUT, NAME_INPUT } from '../../../components/ui/input-presets';
import { SavedNote } from '../../../components/ui/SavedNote';
import { TextField } from '../../../components/ui/TextField';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** What the server takes (apps/server accounts/profile-photo.ts): these types, up to 2 MB. */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const PHOTO_MAX_MB = 2;
/**
 * «JPEG، PNG یا WebP» with a right-to-left mark after the comma: without it the two Latin names and
 * the comma between them form one left-to-right run, and a Persian reader meets PNG before JPEG.
 */
const PHOTO_TYPE_NAMES = 'JPEG،\u200f PNG یا WebP';

/** A Persian reason the chosen file cannot be the photo, or null when it may be sent. */
function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return `عکس باید از نوع ${PHOTO_TYPE_NAMES} باشد.`;
  if (file.size > PHOTO_MAX_MB * 1024 * 1024)
    return `حجم عکس باید حداکثر ${toPersianDigits(PHOTO_MAX_MB)} مگابایت باشد.`;
  return null;
}

/** Name, e-mail (a new one must be verified again) and photo. */
export function UpdateProfileInformationForm({ profile }: { profile: ProfileDetails }) {
  const route = useRoute();
  const nameLocked = usePage().props.auth?.user?.kyc_status === 'approved';
  const form = useForm<{ name: string; email: string; photo: File | null }>({
    name: profile.name ?? '',
    email: profile.email ?? '',
    photo: null,
  });
  const { field } = formBinders(form);
  const [preview, setPreview] = useState<string | null>(null);
  const [verificationSent, setVerificationSent] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, form.errors);

  // The preview's object URL holds the file in memory until it is revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Checked here first so a wrong file is named at once; the server checks the bytes again.
    const problem = file ? photoProblem(file) : null;
    if (problem) {
      event.target.value = '';
      form.setData('photo', null);
      setPreview(null);
      form.setError('photo', problem);
      return;
    }
    form.clearErrors('photo');
    form.setData('photo', file);
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  const dropChosenPhoto = () => {
    form.setData('photo', null);
    form.clearErrors('photo');
    setPreview(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => {
      const payload: Record<string, unknown> = { name: data.name.trim(), email: data.email.trim() };
      if (data.photo) payload.photo = data.photo;
      return payload as never;
    });
    const forgetFile = () => {
      form.setData('photo', null);
      setPreview(null);
      if (fileRef.current) fileRef.current.value = '';
    };
    await form.put(route('user-profile-information.update'), {
      preserveScroll: true,
      onSuccess: forgetFile,
      // A file the server refused is not shown as if it were the new photo; its message stays.
      onError: (errors) => {
        if (errors.photo) forgetFile();
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
              <img
                src={shown}
                alt={preview ? 'پیش‌نمایش عکس تازه' : 'عکس پروفایل'}
                className="size-16 rounded-full object-cover ring-1 ring-gray-200"
              />
            ) : (
              <span
                aria-hidden="true"
                className="grid size-16 place-items-center rounded-full bg-brand-100 text-xl font-bold text-brand-700"
              >
                {initial}
              </span>
            )}
            {/* The input stays in the tab order (visually hidden); its label is what people see and click. */}
            <input
              ref={fileRef}
              id="profile-photo"
              name="photo"
              type="file"
              accept={PHOTO_TYPES.join(',')}
              onChange={choosePhoto}
              className="peer sr-only"
              aria-invalid={form.errors.photo ? true : undefined}
              aria-describedby={
                form.errors.photo ? 'profile-photo-error profile-photo-hint' : 'profile-photo-hint'
              }
            />
            <label
              htmlFor="profile-photo"
              className={`${buttonClasses('secondary', 'sm')} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600`}
            >
              {shown ? 'انتخاب عکس تازه' : 'انتخاب عکس'}
            </label>
            {preview && (
              <Button variant="ghost" size="sm" onClick={dropChosenPhoto}>
                انصراف از این عکس
              </Button>
            )}
            {profile.photo_url && !preview && (
              <Button variant="ghost" size="sm" onClick={removePhoto}>
                حذف عکس
              </Button>
            )}
          </div>
          <p id="profile-photo-hint" className="mt-1.5 text-xs text-gray-500">
            {preview
              ? 'عکس تازه با دکمه «ذخیره» ثبت می‌شود.'
              : `قالب ${PHOTO_TYPE_NAMES}، حداکثر ${toPersianDigits(PHOTO_MAX_MB)} مگابایت.`}
          </p>
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
          {...field('name')}
          {...NAME_INPUT}
          // An approved identity fixes the name; the server refuses another one as well.
          disabled={nameLocked}
          hint={
            nameLocked ? 'نام تأییدشده در احراز هویت است؛ برای اصلاح آن به پشتیبانی تیکت بزنید.' : undefined
          }
        />
        <div>
          <TextField label="ایمیل" {...field('email')} {...EMAIL_INPUT} />
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
