/** Adds a script tag once per URL; a second form on the page reuses the first tag. */
export function loadScript(src: string): void {
  const present = [...document.scripts].some((script) => script.src === src);
  if (present) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.defer = true;
  document.head.append(script);
}
