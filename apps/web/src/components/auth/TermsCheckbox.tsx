import { useRoute } from '../../lib/route';
import { Checkbox } from '../ui/Checkbox';
import { TextLink } from './TextLink';

/** Agreeing to the terms on sign-up; the words link to them when the site has a terms page. */
export function TermsCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const route = useRoute();
  const terms = route.has('terms.show') ? (
    <TextLink href={route('terms.show')}>قوانین و مقررات</TextLink>
  ) : (
    'قوانین و مقررات'
  );
  return (
    <Checkbox
      name="terms"
      label={<>{terms} را خوانده‌ام و می‌پذیرم.</>}
      checked={checked}
      onChange={onChange}
      error={error}
    />
  );
}
