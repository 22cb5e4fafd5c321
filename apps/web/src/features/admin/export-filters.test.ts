import { describe, expect, it } from "vitest";
import { describeAdFilters, describeUserFilters } from "./export-filters";

describe("an admin table's filters in words", () => {
  it("names the users a filter keeps, from the address's names or the recorded ids", () => {
    expect(describeUserFilters({})).toBe("All users");
    expect(describeUserFilters({ status: "All" })).toBe("All users");
    expect(describeUserFilters({ status: "Banned" })).toBe("Banned users");
    expect(describeUserFilters({ status: 1, usertype: 1 })).toBe("Active Individual users");
    expect(describeUserFilters({ search: " fatu " })).toBe("Users matching “fatu”");
  });

  it("names the ads a filter keeps, with the catalogue's names when known", () => {
    expect(describeAdFilters({})).toBe("All ads");
    expect(describeAdFilters({ status: "Hidden" })).toBe("Hidden ads");
    const names = { category: (id: number) => (id === 1 ? "Vehicles" : undefined), subcategory: () => "Cars" };
    expect(
      describeAdFilters(
        {
          status: "Active",
          category_id: "1",
          subcategory_id: "2",
          price_min: "500",
          price_max: "2000",
          has_active_subscription: "true",
          search: "toyota",
        },
        names,
      ),
    ).toBe("Active ads in Vehicles › Cars, US$ 500 to US$ 2,000, boosted now, matching “toyota”");
    expect(describeAdFilters({ category_id: 9, price_max: 300 })).toBe("Ads in category #9, up to US$ 300");
    expect(describeAdFilters({ user_id: "7" }, { owner: "Fatu Kamara" })).toBe("Ads of Fatu Kamara");
  });
});
