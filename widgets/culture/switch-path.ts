/**
 * The culture switch: the same address in another culture, made by replacing the first
 * /{culture}/ segment after the base path and keeping the rest of the path, the query and the hash.
 * Shared by the server (links, hreflang) and the browser (culture widget clicks).
 */
export function switchCulturePath(url: string, basePath: string, targetCulture: string, cultures: readonly string[]): string {
  const underBase = basePath === '' || url === basePath || /^[/?#]/.test(url.slice(basePath.length)) && url.startsWith(basePath);
  const rest = underBase ? url.slice(basePath.length) : url;
  const match = /^\/([a-z]{2})(?=[/?#]|$)(.*)$/.exec(rest);
  if (match && cultures.includes(match[1])) {
    const tail = match[2] === '' ? '/' : match[2];
    return `${basePath}/${targetCulture}${tail}`;
  }
  return `${basePath}/${targetCulture}/`;
}
