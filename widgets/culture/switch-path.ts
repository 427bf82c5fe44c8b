/**
 * The culture switch: the same address in another culture, made by replacing the first
 * /{culture}/ segment after the base path and keeping the rest of the path, the query and the hash.
 * Shared by the server (links, hreflang) and the browser (culture widget clicks).
 */
export function switchCulturePath(url: string, basePath: string, targetCulture: string, cultures: readonly string[]): string {
  // Under the base path means the base itself or the base followed by /, ? or # (not '/shopping' for '/shop').
  const afterBase = url.slice(basePath.length);
  const underBase = url.startsWith(basePath) && (afterBase === '' || /^[/?#]/.test(afterBase));
  const rest = underBase ? afterBase : url;
  const match = /^\/([a-z]{2})(?=[/?#]|$)(.*)$/.exec(rest);
  if (match && cultures.includes(match[1])) {
    const tail = match[2] === '' ? '/' : match[2];
    return `${basePath}/${targetCulture}${tail}`;
  }
  return `${basePath}/${targetCulture}/`;
}
