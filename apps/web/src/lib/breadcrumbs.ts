/**
 * A route adds itself to the breadcrumb trail (spec §2 layout rules) by exporting
 * `handle: BreadcrumbHandle`. The public layout renders the trail from the matched routes.
 */
export interface Crumb {
  label: string;
  to: string;
}

export interface BreadcrumbHandle {
  breadcrumb: (data: unknown) => Crumb | Crumb[];
}
