/** The product's name: the default <title> and the suffix of every page title. */
export const SITE_NAME = 'رندر فارم ابری';

/** «تعرفه‌ها | رندر فارم ابری»; the site name alone when the page has no title of its own. */
export function formatTitle(title?: string | null, siteName: string = SITE_NAME): string {
  const own = title?.trim();
  return own && own !== siteName ? `${own} | ${siteName}` : siteName;
}
