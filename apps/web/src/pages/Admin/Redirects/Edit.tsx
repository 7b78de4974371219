import type { AdminRedirectFormProps } from '@server/modules/content/contracts';
import { FactList } from '../../../components/ui/FactList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Screen } from '../../../components/ui/Screen';
import { formatNumber } from '../../../lib/digits';
import { RedirectForm } from './parts/RedirectForm';

/** `admin.redirects.edit` «ویرایش ریدایرکت»: the form and how often it has been used. */
export default function RedirectEdit(props: AdminRedirectFormProps) {
  const redirect = props.redirect;
  return (
    <Screen title="ویرایش ریدایرکت">
      {redirect && (
        <FactList
          className="mb-4"
          facts={[
            ['بازدید', formatNumber(redirect.hits)],
            [
              'آخرین بازدید',
              redirect.last_hit_at ? (
                <JalaliTime key="last" value={redirect.last_hit_at} style="datetime" />
              ) : (
                'هنوز نه'
              ),
            ],
          ]}
        />
      )}
      <RedirectForm {...props} />
    </Screen>
  );
}
