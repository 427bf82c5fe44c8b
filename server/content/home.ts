import { listDepartments } from '../catalog/departments';
import type { BlockContext } from './blocks/types';
import { type ContentImage, contentImage } from './pictures';

/** The content sections the home page links to: path below {app}/{culture}/ and the label's key. */
export const homeSections = [
  { path: 'news', labelKey: 'Pages.Home.News', textKey: 'Pages.Home.NewsText' },
  { path: 'faq', labelKey: 'Pages.Home.Faq', textKey: 'Pages.Home.FaqText' },
  { path: 'projects', labelKey: 'Pages.Home.Projects', textKey: 'Pages.Home.ProjectsText' },
] as const;

export interface HomeDepartment {
  name: string;
  /** With {app}. */
  href: string;
  image: ContentImage;
}

/** What the home page shows besides its blocks: the content sections and the catalog's departments. */
export async function loadHome({ db, culture, basePath }: BlockContext): Promise<{ sections: typeof homeSections; departments: HomeDepartment[] }> {
  const departments = await listDepartments(db, { culture });
  return {
    sections: homeSections,
    departments: departments.map((department) => ({
      name: department.name,
      href: basePath + department.path,
      image: contentImage(department.image, 'department', basePath),
    })),
  };
}
