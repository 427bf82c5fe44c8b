// What the back office needs to know of one kind of content item to list, edit, delete, move, preview
// and restore it (server/content/admin-routes.ts serves every kind with it): its tables, its form, its
// fields partial, and how a valid post becomes the row's values. news/, faq/ and projects/ each declare
// theirs in their admin-editors.ts.
import type { Request, Response } from 'express';
import type { Culture } from '../config';
import type { Db } from '../db';
import type { Form, FormShape } from '../forms';
import type { ItemRecord, ItemTables, ItemValues } from './admin-items';

export interface EditorContext {
  db: Db;
  culture: Culture;
  now: number;
  /** The item being edited (null: a new one). */
  id?: number | null;
}

export interface ItemEditor {
  tables: ItemTables;
  /** The list's address under {culture}/: 'backoffice/news', 'backoffice/news/categories'. */
  path: string;
  /** The back office's navigation section it belongs to ('news', 'faq', 'projects'). */
  section: string;
  /** Locale keys: the list's title, a new item's title, an item's title ({{name}}). */
  titles: { list: string; create: string; edit: string };
  /** Links the list shows to the section's other lists: [path under {culture}/, locale key]. */
  related: readonly (readonly [string, string])[];
  form: Form<FormShape>;
  /** The entity's own fields, a partial path relative to views/pages/backoffice/content/. */
  fields: string;
  /** Whether items have a publishing state (status, window) to show in the list. */
  publishable: boolean;
  /** What the fields partial needs besides the values (the categories to choose from). */
  choices(context: EditorContext): Promise<Record<string, unknown>>;
  /** A new item's form values. */
  blank(context: EditorContext): Record<string, string>;
  /** An item's form values. */
  formValues(record: ItemRecord): Record<string, string>;
  /** A valid post as the row's values, or the errors (resource keys) of what the declaration cannot check. */
  itemValues(data: Record<string, unknown>, context: EditorContext): Promise<{ values: ItemValues; errors: Record<string, string> }>;
  /** Renders the item as visitors would see it in the culture, whatever its state (false: no such translation). */
  preview?(req: Request, res: Response, record: ItemRecord, culture: Culture): Promise<boolean>;
  /** The widget address that embeds the item (or its category), relative to {app}. */
  embedPath?(record: ItemRecord, culture: Culture): string | null;
}
