/**
 * What lists and facets need of every active product, in columns (typed arrays) indexed by a slot:
 * brand, price, order keys, and for each product its categories (with their ancestors), attribute
 * values and tags as compact lists. Built from the database (lists-data.ts); a pass over a
 * department of 33,000 products takes a few milliseconds, where the grouped SQL took 200.
 */
export interface IndexRows {
  products: { id: number; brandId: number | null; price: number; position: number; createdAt: number }[];
  categories: { productId: number; categoryId: number }[];
  values: { productId: number; attributeId: number; valueId: number }[];
  tags: { productId: number; tagId: number }[];
}

/** Per product, a list of numbers: the items of slot s are items[offsets[s]] .. items[offsets[s + 1] - 1]. */
export class SlotLists {
  readonly offsets: Int32Array;
  readonly items: Int32Array;

  /** Two passes over the rows (count, then place): no array per row, even for a million of them. */
  constructor(size: number, rowCount: number, slotAt: (row: number) => number, itemAt: (row: number) => number) {
    this.offsets = new Int32Array(size + 1);
    let placed = 0;
    for (let row = 0; row < rowCount; row++) {
      const slot = slotAt(row);
      if (slot >= 0) {
        this.offsets[slot + 1]++;
        placed++;
      }
    }
    for (let slot = 0; slot < size; slot++) this.offsets[slot + 1] += this.offsets[slot];
    const next = this.offsets.slice(0, size);
    this.items = new Int32Array(placed);
    for (let row = 0; row < rowCount; row++) {
      const slot = slotAt(row);
      if (slot >= 0) this.items[next[slot]++] = itemAt(row);
    }
  }

  forEach(slot: number, visit: (item: number) => void): void {
    for (let at = this.offsets[slot]; at < this.offsets[slot + 1]; at++) visit(this.items[at]);
  }
}

export class ProductIndex {
  readonly size: number;
  readonly ids: Int32Array;
  readonly brand: Int32Array;
  readonly price: Float64Array;
  readonly position: Float64Array;
  readonly createdAt: Float64Array;
  readonly categories: SlotLists;
  readonly values: SlotLists;
  readonly tags: SlotLists;
  /** Attribute id of each value id (0 for ids that are no value). */
  readonly attributeOfValue: Int32Array;
  /** The largest category, value, tag and brand ids (sizes of counting tables). */
  readonly largest: { category: number; value: number; tag: number; brand: number; attribute: number };
  private readonly slots = new Map<number, number>();
  private readonly members = new Map<string, Int32Array>();
  private readonly orders = new Map<string, Int32Array>();
  private everySlot: Int32Array | undefined;

  constructor(rows: IndexRows) {
    const products = [...rows.products].sort((a, b) => a.id - b.id);
    this.size = products.length;
    this.ids = Int32Array.from(products, (product) => product.id);
    this.brand = Int32Array.from(products, (product) => product.brandId ?? 0);
    this.price = Float64Array.from(products, (product) => product.price);
    this.position = Float64Array.from(products, (product) => product.position);
    this.createdAt = Float64Array.from(products, (product) => product.createdAt);
    products.forEach((product, slot) => this.slots.set(product.id, slot));
    const lists = <T extends { productId: number }>(list: T[], itemOf: (row: T) => number) =>
      new SlotLists(this.size, list.length, (row) => this.slots.get(list[row].productId) ?? -1, (row) => itemOf(list[row]));
    this.categories = lists(rows.categories, (row) => row.categoryId);
    this.values = lists(rows.values, (row) => row.valueId);
    this.tags = lists(rows.tags, (row) => row.tagId);
    this.attributeOfValue = new Int32Array(rows.values.reduce((max, row) => Math.max(max, row.valueId), 0) + 1);
    for (const row of rows.values) this.attributeOfValue[row.valueId] = row.attributeId;
    this.group('category', this.categories);
    this.group('tag', this.tags);
    this.group('brand', new SlotLists(this.size, this.size, (slot) => (this.brand[slot] ? slot : -1), (slot) => this.brand[slot]));
    const largest = (values: ArrayLike<number>) => {
      let max = 0;
      for (let at = 0; at < values.length; at++) if (values[at] > max) max = values[at];
      return max;
    };
    this.largest = {
      category: largest(this.categories.items),
      value: this.attributeOfValue.length - 1,
      tag: largest(this.tags.items),
      brand: largest(this.brand),
      attribute: largest(this.attributeOfValue),
    };
  }

  /** Every slot in one order (ties by id), computed once: a list walks it instead of sorting. */
  orderBy(key: 'position' | 'price' | 'createdAt'): Int32Array {
    let order = this.orders.get(key);
    if (!order) {
      const values = this[key];
      order = Int32Array.from(this.allSlots).sort((a, b) => values[a] - values[b] || a - b);
      this.orders.set(key, order);
    }
    return order;
  }

  private group(kind: string, lists: SlotLists): void {
    const bySlot = new Map<number, number[]>();
    for (let slot = 0; slot < this.size; slot++) {
      lists.forEach(slot, (item) => {
        const list = bySlot.get(item);
        if (list) list.push(slot);
        else bySlot.set(item, [slot]);
      });
    }
    for (const [item, slots] of bySlot) this.members.set(`${kind}:${item}`, Int32Array.from(slots));
  }

  /** Every slot, in id order (the whole catalog's scope). */
  get allSlots(): Int32Array {
    return (this.everySlot ??= Int32Array.from({ length: this.size }, (_, slot) => slot));
  }

  slotOf(productId: number): number | undefined {
    return this.slots.get(productId);
  }

  /** The slots of a category's, a brand's or a tag's products, in id order. */
  membersOf(kind: 'category' | 'brand' | 'tag', id: number): Int32Array {
    return this.members.get(`${kind}:${id}`) ?? new Int32Array(0);
  }
}
