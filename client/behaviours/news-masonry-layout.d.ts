// masonry-layout ships no typings: the part of its API the news wall uses.
declare module 'masonry-layout' {
  interface MasonryOptions {
    itemSelector?: string;
    columnWidth?: string | number;
    percentPosition?: boolean;
    transitionDuration?: string | number;
    initLayout?: boolean;
  }
  export default class Masonry {
    constructor(element: Element | string, options?: MasonryOptions);
    layout(): void;
    destroy(): void;
  }
}
