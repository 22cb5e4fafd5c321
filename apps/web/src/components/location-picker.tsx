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
      {counties.map((county) => (
        <optgroup key={county.id} label={`${county.name} County`}>
          <option value={county.name}>All of {county.name}</option>
          {county.areas.map((area) => (
            <option key={area.id} value={`${area.name}, ${county.name}`}>
              {area.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
