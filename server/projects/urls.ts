// Project addresses, relative to {app} (docs/projects.md). Slugs are per culture: an address with
// another culture's slug redirects to this culture's (server/projects/routes.ts).

export const projectsPath = (culture: string) => `/${culture}/projects`;

export const projectCategoryPath = (culture: string, slug: string) => `/${culture}/projects/category/${encodeURIComponent(slug)}`;

export const projectPath = (culture: string, slug: string) => `/${culture}/projects/${encodeURIComponent(slug)}`;

export const projectMapPath = (culture: string, slug: string) => `${projectPath(culture, slug)}/map`;
