import type { TCounty } from "@waterside/shared/catalog";

/**
 * Counties and their areas in one native select: light, keyboard- and screen-reader-friendly on any phone.
 * A county's value is its name; an area's is "Area, County", the same text ads carry as location.
 */
export function LocationPicker({
  counties,
  name = "location",
  defaultValue = "",
  className,
}: {
  counties: TCounty[];
  name?: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <select name={name} defaultValue={defaultValue} aria-label="Location" className={className}>
      <option value="">All Liberia</option>
      <CountyOptions counties={counties} wholeCounty />
    </select>
  );
}

/** A group of options per county with its areas; `wholeCounty` adds the county itself first ("All of …"). */
export function CountyOptions({ counties, wholeCounty = false }: { counties: TCounty[]; wholeCounty?: boolean }) {
  return counties.map((county) => (
    <optgroup key={county.id} label={`${county.name} County`}>
      {wholeCounty && <option value={county.name}>All of {county.name}</option>}
      {county.areas.map((area) => (
        <option key={area.id} value={`${area.name}, ${county.name}`}>
          {area.name}
        </option>
      ))}
    </optgroup>
  ));
}
