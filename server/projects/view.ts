import { assetPath, imageSet, type ImageSet, type Picture, pictures } from '../catalog/urls';
import type { MapMarker } from '../maps/map-config';
import { directionsUrl } from '../maps/settings';
import type { CategoryRow, GalleryRow, ProjectRow } from './data';
import { projectCategoryPath, projectMapPath, projectPath } from './urls';

// What the project templates show, built from the data module's rows: addresses with {app}, image sets
// of the project picture sizes (server/catalog/urls.ts pictures.project*), markers for the map widget.

export interface Where {
  culture: string;
  basePath: string;
}

export interface Shown {
  image: ImageSet;
  width: number;
  height: number;
}

export interface CategoryCard extends Shown {
  id: number;
  name: string;
  summary: string;
  href: string;
  count: number;
}

export interface ProjectCard extends Shown {
  id: number;
  title: string;
  summary: string;
  address: string;
  alt: string;
  href: string;
  mapHref: string;
}

export interface GalleryImage extends Shown {
  alt: string;
  /** The large rendition the link opens (no JS: the image alone). */
  large: string;
}

function shown(asset: ProjectRow['asset'], picture: Picture, basePath: string): Shown {
  const width = picture.width ?? picture.widths[0];
  return { image: imageSet(asset, picture, basePath), width, height: Math.round(width * (picture.aspect ?? 1)) };
}

export function categoryCardOf(row: CategoryRow, count: number, { culture, basePath }: Where): CategoryCard {
  return { id: row.id, name: row.name, summary: row.summary, href: basePath + projectCategoryPath(culture, row.slug), count, ...shown(row.asset, pictures.projectCard, basePath) };
}

export function projectCardOf(row: ProjectRow, { culture, basePath }: Where): ProjectCard {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    address: row.address,
    alt: row.alt,
    href: basePath + projectPath(culture, row.slug),
    mapHref: basePath + projectMapPath(culture, row.slug),
    ...shown(row.asset, pictures.projectCard, basePath),
  };
}

/** The main image of the detail page, wide. */
export function mainImageOf(row: ProjectRow, basePath: string): Shown {
  return shown(row.asset, pictures.projectMain, basePath);
}

/** A gallery photo at its own shape (wide, tall or square), so the masonry has columns of different heights. */
export function galleryImageOf(row: GalleryRow, basePath: string): GalleryImage {
  const ratio = row.asset.height / Math.max(1, row.asset.width);
  const picture: Picture = ratio < 0.9 ? pictures.projectWide : ratio > 1.1 ? pictures.projectTall : pictures.projectSquare;
  const largest = picture.widths[picture.widths.length - 1];
  return { alt: row.alt, large: basePath + assetPath(row.asset, largest, Math.round(largest * (picture.aspect ?? 1))), ...shown(row.asset, picture, basePath) };
}

export function markerOf(row: ProjectRow, { culture, basePath }: Where): MapMarker {
  return {
    id: `project-${row.id}`,
    coors: { lat: row.latitude, lng: row.longitude },
    title: row.title,
    icon: row.asset ? basePath + assetPath(row.asset, 80, 80) : '',
    content: row.summary,
    address: row.address,
    directions: directionsUrl(row.latitude, row.longitude),
    href: basePath + projectPath(culture, row.slug),
  };
}
