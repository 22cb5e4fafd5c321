import type { DemoScene, DemoSubject } from "./demo-photos.ts";
import type { seededRandom } from "./placeholder-images.ts";

/**
 * What the demo market sells in each subcategory, so that it reads like Liberia's market: the thing in the photos
 * (by the ad's own attribute, so "Heels" shows heels), a price that follows the attributes (a car's year, make and
 * mileage; a house's bedrooms and area), the unit a price is quoted in, and attribute values that agree with each
 * other (a brand-new car is this year's, with no mileage). Prices are US dollars, as most of the market quotes.
 */

type Random = ReturnType<typeof seededRandom>;
/** The ad's attribute values by attribute name; a rule may change them so they agree. */
export type DemoValues = Map<string, string>;

export interface DemoStock {
  scene: DemoScene;
  /** Photo subjects by the value of attribute `by`; `other` for values not listed and subcategories without one. */
  photos: { by?: string; of?: Record<string, DemoSubject>; other: DemoSubject[] };
  /** In the subcategory's price unit (reference categories.ts: rents and pay by the month). */
  price: (values: DemoValues, random: Random, area: string) => number;
  /** Makes generated values agree (a brand-new car is recent), before the title and price are made. */
  settle?: (values: DemoValues, random: Random) => void;
}

const s = (main: string, ...companions: string[]): DemoSubject => ({ main, companions });

/** A price in [low, high], leaning to the cheaper end as a market does. */
const between = (random: Random, [low, high]: readonly [number, number]) => low + (high - low) * random.next() ** 1.6;

/** The price band of the value of attribute `name`; `fallback` for other values. */
function byValue(name: string, bands: Record<string, readonly [number, number]>, fallback: readonly [number, number]) {
  return (values: DemoValues, random: Random) => between(random, bands[values.get(name) ?? ""] ?? fallback);
}

const num = (values: DemoValues, name: string, fallback = 1) => Number(values.get(name)) || fallback;
const set = (values: DemoValues, name: string, value: string | number) => values.set(name, String(value));

/** Condition as a share of a brand-new price, for vehicles and electronics. */
const CONDITION_SHARE: Record<string, number> = {
  "Brand New": 1,
  "Foreign Used": 0.72,
  "Liberian Used": 0.55,
  New: 1,
  Used: 0.55,
};
const condition = (values: DemoValues) => CONDITION_SHARE[values.get("Condition") ?? ""] ?? 1;

const THIS_YEAR = 2026;

/**
 * Vehicles: brand new is this year's or last with delivery mileage; used ones are older, and driven about
 * 12,000 km a year.
 */
function settleVehicle(values: DemoValues, random: Random, oldest: number) {
  const state = values.get("Condition");
  const year =
    state === "Brand New"
      ? random.int(THIS_YEAR - 2, THIS_YEAR - 1)
      : state === "Foreign Used"
        ? random.int(Math.max(oldest, 2006), THIS_YEAR - 3)
        : random.int(oldest, THIS_YEAR - 6);
  set(values, "Year", Math.min(year, 2025));
  if (values.has("Mileage")) {
    const age = THIS_YEAR - year;
    const mileage = state === "Brand New" ? random.int(5, 90) : Math.round(age * random.int(7_000, 16_000));
    set(values, "Mileage", Math.round(mileage / 500) * 500 || mileage);
  }
}

/** A vehicle's price from its price new, its age and its mileage: about a tenth off a year, to a floor. */
function vehiclePrice(values: DemoValues, newPrice: number) {
  const age = Math.max(0, THIS_YEAR - num(values, "Year", 2015));
  const mileage = num(values, "Mileage", 0);
  const share = Math.max(0.13, 0.9 ** age) * Math.max(0.65, 1 - mileage / 700_000);
  return newPrice * share * (values.get("Condition") === "Liberian Used" ? 0.82 : 1);
}

const CAR_MODELS: Record<string, string[]> = {
  Toyota: ["Corolla", "Camry", "Yaris", "Avensis"],
  Nissan: ["Sentra", "Altima", "Sunny"],
  Honda: ["Civic", "Accord", "Fit"],
  Hyundai: ["Elantra", "Sonata", "Accent"],
  Kia: ["Rio", "Optima", "Cerato"],
  "Mercedes-Benz": ["C 300", "E 350", "C 200"],
  Ford: ["Focus", "Fusion", "Fiesta"],
  Mitsubishi: ["Lancer", "Galant"],
  Lexus: ["ES 350", "IS 250", "GS 350"],
  Suzuki: ["Swift", "Alto", "Dzire"],
};
const CAR_NEW_PRICE: Record<string, number> = {
  Toyota: 27_000,
  Nissan: 24_000,
  Honda: 25_000,
  Hyundai: 21_000,
  Kia: 20_000,
  "Mercedes-Benz": 48_000,
  Ford: 24_000,
  Mitsubishi: 22_000,
  Lexus: 52_000,
  Suzuki: 15_000,
};
const SUV_MODELS: Record<string, string[]> = {
  Toyota: ["RAV4", "Land Cruiser Prado", "Highlander", "4Runner"],
  Nissan: ["X-Trail", "Pathfinder", "Patrol"],
  Mitsubishi: ["Pajero", "Outlander"],
  Hyundai: ["Tucson", "Santa Fe"],
  Kia: ["Sportage", "Sorento"],
  Honda: ["CR-V", "Pilot"],
};
const SUV_NEW_PRICE: Record<string, number> = {
  Toyota: 48_000,
  Nissan: 40_000,
  Mitsubishi: 36_000,
  Hyundai: 33_000,
  Kia: 32_000,
  Honda: 36_000,
  "Land Rover": 75_000,
  "Mercedes-Benz": 70_000,
  Lexus: 65_000,
  Ford: 42_000,
};

/** Prime areas of Monrovia, where rents and land cost more. */
const PRIME_AREAS =
  /Sinkor|Mamba Point|Congo Town|Airfield|Old Road|Capitol Hill|Oldest Congo Town|Payne Avenue|Snapper Hill/;
const areaShare = (area: string) => (PRIME_AREAS.test(area) ? 1.6 : 1);
/** Land sizes in lots (a lot is about a quarter acre, as Monrovia's market counts it). */
const LOTS: Record<string, number> = {
  "1 lot": 1,
  "2 lots": 2,
  "3 lots": 3,
  "half acre": 2,
  "1 acre": 4,
  "2 acres": 8,
};
const lots = (values: DemoValues, name: string) => LOTS[values.get(name) ?? ""] ?? 1;
/** Papers a buyer can trust are worth more. */
const DOCUMENT_SHARE: Record<string, number> = {
  "Probated Deed": 1,
  "Warranty Deed": 1,
  "Deed in Process": 0.8,
  "Tribal Certificate": 0.6,
};
const documents = (values: DemoValues) => DOCUMENT_SHARE[values.get("Documents") ?? ""] ?? 1;

/** A monthly pay for a job, by its role and how senior it is; jobs are advertised by the month. */
function salary(roles: Record<string, readonly [number, number]>, fallback: readonly [number, number]) {
  return (values: DemoValues, random: Random) => {
    const level = { "Mid Level": 1.35, "Senior Level": 1.9 }[values.get("Experience Level") ?? ""] ?? 1;
    return between(random, roles[values.get("Role") ?? ""] ?? fallback) * level;
  };
}
const monthlyPay = (values: DemoValues) => set(values, "Salary Period", "Monthly");

/** A quantity a buyer would order of a product sold by the piece or by the load, and its total price. */
function quantityOf(
  products: Record<string, { unit?: string; each: readonly [number, number]; quantity: readonly [number, number] }>,
  productName: string,
) {
  return {
    settle: (values: DemoValues, random: Random) => {
      const product = products[values.get(productName) ?? ""];
      if (!product) return;
      if (product.unit) set(values, "Unit", product.unit);
      const [low, high] = product.quantity;
      const quantity = random.int(low, high);
      set(values, "Quantity", quantity >= 50 ? Math.round(quantity / 10) * 10 : quantity);
    },
    price: (values: DemoValues, random: Random) => {
      const product = products[values.get(productName) ?? ""];
      if (!product) return between(random, [5, 50]);
      return between(random, product.each) * num(values, "Quantity");
    },
  };
}

const cement = quantityOf(
  {
    Cement: { unit: "Bag", each: [9, 11], quantity: [10, 200] },
    "Cement Blocks": { unit: "Piece", each: [0.55, 0.75], quantity: [200, 2000] },
    Sand: { unit: "Dump Truck Load", each: [150, 230], quantity: [1, 3] },
    "Crushed Rock": { unit: "Dump Truck Load", each: [350, 480], quantity: [1, 3] },
    Gravel: { unit: "Dump Truck Load", each: [250, 380], quantity: [1, 3] },
  },
  "Product",
);
const roofing = quantityOf(
  {
    Zinc: { each: [7, 11], quantity: [20, 200] },
    Aluzinc: { each: [12, 18], quantity: [20, 150] },
    "Long Span Roofing": { each: [25, 45], quantity: [10, 80] },
    "Ceiling Board": { each: [6, 10], quantity: [20, 150] },
    "PVC Ceiling": { each: [3, 5], quantity: [30, 300] },
    "Roofing Nails": { each: [40, 60], quantity: [1, 5] },
  },
  "Product",
);
const plumbing = quantityOf(
  {
    Polytank: { each: [160, 600], quantity: [1, 1] },
    "PVC Pipes": { each: [4, 12], quantity: [10, 60] },
    "Toilet Set": { each: [80, 250], quantity: [1, 2] },
    "Wash Basin": { each: [40, 120], quantity: [1, 2] },
    "Water Pump": { each: [90, 400], quantity: [1, 1] },
    "Shower Set": { each: [25, 90], quantity: [1, 2] },
  },
  "Item",
);
const electrical = quantityOf(
  {
    "Electric Wire": { each: [25, 80], quantity: [1, 20] },
    "Switches & Sockets": { each: [2, 6], quantity: [10, 60] },
    "Circuit Breaker": { each: [5, 25], quantity: [1, 12] },
    Bulbs: { each: [1, 4], quantity: [10, 100] },
    "Distribution Board": { each: [25, 90], quantity: [1, 2] },
    "Extension Cord": { each: [5, 20], quantity: [1, 10] },
  },
  "Item",
);
const timber = quantityOf(
  {
    Plank: { each: [3, 8], quantity: [20, 300] },
    Board: { each: [4, 10], quantity: [20, 200] },
    "2x4": { each: [3, 6], quantity: [20, 300] },
    "2x6": { each: [5, 9], quantity: [20, 200] },
    Plywood: { each: [18, 35], quantity: [5, 60] },
    "Ironwood Pole": { each: [10, 25], quantity: [5, 50] },
  },
  "Wood Item",
);
const tiles = quantityOf(
  {
    "Floor Tiles": { each: [10, 20], quantity: [10, 150] },
    "Wall Tiles": { each: [10, 18], quantity: [10, 120] },
    Paint: { each: [30, 75], quantity: [1, 20] },
    Marble: { each: [25, 60], quantity: [5, 60] },
    "Tile Cement": { each: [8, 15], quantity: [5, 40] },
  },
  "Item",
);
const kitchen = quantityOf(
  {
    "Gas Stove": { each: [40, 180], quantity: [1, 1] },
    "Gas Cylinder": { each: [35, 70], quantity: [1, 2] },
    "Cooking Pots": { each: [6, 25], quantity: [1, 6] },
    "Plates & Cups": { each: [1, 4], quantity: [6, 20] },
    "Rice Cooker": { each: [30, 90], quantity: [1, 1] },
    "Coal Pot": { each: [5, 15], quantity: [1, 3] },
  },
  "Item",
);
const farmInputs = quantityOf(
  {
    "Power Tiller": { each: [2500, 5000], quantity: [1, 1] },
    "Rice Mill": { each: [1500, 6000], quantity: [1, 1] },
    "Cassava Grater": { each: [400, 1500], quantity: [1, 1] },
    "Water Pump": { each: [120, 600], quantity: [1, 1] },
    Sprayer: { each: [25, 80], quantity: [1, 4] },
    Fertilizer: { each: [35, 60], quantity: [1, 20] },
    Seeds: { each: [3, 25], quantity: [1, 10] },
  },
  "Item",
);
const livestock = quantityOf(
  {
    Goat: { each: [60, 150], quantity: [1, 6] },
    Sheep: { each: [70, 160], quantity: [1, 6] },
    Cow: { each: [500, 1200], quantity: [1, 3] },
    Pig: { each: [80, 300], quantity: [1, 6] },
    Chicken: { each: [6, 15], quantity: [5, 100] },
    Duck: { each: [8, 18], quantity: [2, 30] },
  },
  "Animal",
);
const palmOil = quantityOf(
  {
    "Palm Oil": { unit: "Gallon", each: [6, 10], quantity: [1, 20] },
    "Palm Kernel Oil": { unit: "Gallon", each: [7, 12], quantity: [1, 10] },
    Cassava: { unit: "Bag", each: [20, 40], quantity: [1, 10] },
    Fufu: { unit: "Bucket", each: [5, 15], quantity: [1, 10] },
    Farina: { unit: "Bag", each: [25, 45], quantity: [1, 10] },
    "Cassava Leaf": { unit: "Bundle", each: [1, 3], quantity: [5, 40] },
  },
  "Product",
);

export const DEMO_STOCK: Record<string, DemoStock> = {
  // ── Vehicles ──
  Cars: {
    scene: "yard",
    photos: { other: [s("1f697", "1f6de"), s("1f695", "1f6de"), s("1f698", "1f511")] },
    settle: (values, random) => {
      settleVehicle(values, random, 2000);
      const models = CAR_MODELS[values.get("Brand") ?? ""];
      if (models) set(values, "Model", random.pick(models));
    },
    // A car that still drives sells for about $1,500 at least, whatever its age.
    price: (values) => Math.max(1_500, vehiclePrice(values, CAR_NEW_PRICE[values.get("Brand") ?? ""] ?? 24_000)),
  },
  "SUVs & Jeeps": {
    scene: "yard",
    photos: { other: [s("1f699", "1f6de"), s("1f6fb", "1f6de")] },
    settle: (values, random) => {
      settleVehicle(values, random, 2003);
      const models = SUV_MODELS[values.get("Brand") ?? ""];
      if (models) set(values, "Model", random.pick(models));
    },
    price: (values) => Math.max(2_800, vehiclePrice(values, SUV_NEW_PRICE[values.get("Brand") ?? ""] ?? 38_000)),
  },
  "Trucks & Buses": {
    scene: "yard",
    photos: {
      by: "Vehicle Type",
      of: {
        Pickup: s("1f6fb", "1f6de"),
        "Tipper Truck": s("1f69b", "1f6de"),
        "Cargo Truck": s("1f69a", "1f4e6"),
        "Mini Bus": s("1f690"),
        Bus: s("1f68c"),
        "Water Tanker": s("1f69b", "1f6b0"),
      },
      other: [s("1f69a")],
    },
    settle: (values, random) => settleVehicle(values, random, 1998),
    price: (values) =>
      Math.max(
        3_500,
        vehiclePrice(
          values,
          (
            {
              Pickup: 36_000,
              "Tipper Truck": 75_000,
              "Cargo Truck": 62_000,
              "Mini Bus": 34_000,
              Bus: 80_000,
            } as Record<string, number>
          )[values.get("Vehicle Type") ?? ""] ?? 65_000,
        ),
      ),
  },
  "Vehicle Parts & Accessories": {
    scene: "table",
    photos: {
      by: "Part Type",
      of: { Tyres: s("1f6de", "1f527"), Battery: s("1f50b", "1f527"), Headlights: s("1f526") },
      other: [s("1f527", "1f529"), s("1f6e0", "1f529")],
    },
    price: (values, random) =>
      byValue(
        "Part Type",
        {
          Engine: [800, 2500],
          Gearbox: [400, 1500],
          Tyres: [60, 180],
          Battery: [80, 180],
          Headlights: [40, 250],
          "Brake Pads": [15, 60],
        },
        [20, 300],
      )(values, random) * condition(values),
  },
  // ── Motorbikes & Keke ──
  Motorbikes: {
    scene: "yard",
    photos: { other: [s("1f3cd", "26d1"), s("1f6f5", "26d1")] },
    settle: (values, random) => settleVehicle(values, random, 2014),
    // An old bike still sells for a few hundred: its engine is what is bought.
    price: (values) =>
      Math.max(
        350,
        vehiclePrice(
          values,
          ({ "100cc": 850, "125cc": 1050, "150cc": 1300, "200cc": 1700, "250cc": 2400 } as Record<string, number>)[
            values.get("Engine Size") ?? ""
          ] ?? 1100,
        ) * 1.1,
      ),
  },
  "Keke (Tricycles)": {
    scene: "yard",
    photos: { other: [s("1f6fa", "1f6de")] },
    settle: (values, random) => settleVehicle(values, random, 2015),
    price: (values) => vehiclePrice(values, values.get("Use Type") === "Cargo" ? 5_200 : 4_600) * 1.1,
  },
  "Motorbike Parts & Accessories": {
    scene: "table",
    photos: {
      by: "Part Type",
      of: { Tyres: s("1f6de"), Helmet: s("26d1"), Battery: s("1f50b"), "Chain & Sprocket": s("26d3", "1f527") },
      other: [s("1f527", "1f529")],
    },
    price: byValue(
      "Part Type",
      {
        Tyres: [25, 60],
        "Engine Parts": [20, 250],
        "Chain & Sprocket": [12, 35],
        Helmet: [10, 45],
        Battery: [20, 55],
        "Brake Parts": [5, 30],
      },
      [5, 60],
    ),
  },
  // ── Phones & Tablets ──
  "Mobile Phones": {
    scene: "table",
    photos: { other: [s("1f4f1", "1f50c", "1f3a7"), s("1f4f2", "1f50c")] },
    price: (values, random) => {
      const band = (
        {
          Tecno: [110, 320],
          Infinix: [100, 300],
          itel: [45, 130],
          Samsung: [150, 1200],
          Apple: [280, 1400],
          Xiaomi: [110, 450],
        } as Record<string, [number, number]>
      )[values.get("Brand") ?? ""] ?? [80, 400];
      const storage = ["16 GB", "32 GB", "64 GB", "128 GB", "256 GB", "512 GB"].indexOf(values.get("Storage") ?? "");
      return (
        (band[0] + (band[1] - band[0]) * (Math.max(0, storage) / 5) * (0.8 + random.next() * 0.2)) * condition(values)
      );
    },
  },
  Tablets: {
    scene: "table",
    photos: { other: [s("1f4f1", "1f50c"), s("1f4bb")] },
    price: (values, random) =>
      between(
        random,
        (
          {
            Apple: [350, 1100],
            Samsung: [180, 800],
            Lenovo: [120, 350],
            Huawei: [140, 400],
            Tecno: [90, 220],
            Amazon: [70, 160],
          } as Record<string, [number, number]>
        )[values.get("Brand") ?? ""] ?? [100, 400],
      ) * condition(values),
  },
  "Phone Accessories": {
    scene: "table",
    photos: {
      by: "Accessory Type",
      of: {
        Charger: s("1f50c"),
        "Power Bank": s("1f50b", "1f50c"),
        Earphones: s("1f3a7"),
        "Bluetooth Headset": s("1f3a7"),
        "Phone Case": s("1f4f1"),
        "Screen Protector": s("1f4f1"),
      },
      other: [s("1f50c")],
    },
    price: byValue(
      "Accessory Type",
      {
        Charger: [5, 15],
        "Power Bank": [12, 45],
        Earphones: [3, 25],
        "Bluetooth Headset": [10, 60],
        "Phone Case": [3, 12],
        "Screen Protector": [2, 6],
      },
      [3, 30],
    ),
  },
  // ── Electronics ──
  TVs: {
    scene: "room",
    photos: { other: [s("1f4fa", "1f3ae"), s("1f5a5")] },
    price: (values, random) => {
      const inches = num(values, "Screen Size", 32);
      const kind = values.get("TV Type") === "LED TV" ? 1 : 1.15;
      return 0.19 * inches ** 2 * kind * condition(values) * (0.9 + random.next() * 0.2);
    },
  },
  "Laptops & Computers": {
    scene: "table",
    photos: {
      by: "Computer Type",
      of: { Laptop: s("1f4bb", "1f5b1"), Desktop: s("1f5a5", "2328", "1f5b1"), "All-in-One": s("1f5a5", "2328") },
      other: [s("1f4bb")],
    },
    settle: (values) => {
      if (values.get("Brand") === "Apple") set(values, "Processor", "Apple M1");
      else if (values.get("Processor") === "Apple M1") set(values, "Processor", "Intel Core i5");
    },
    price: (values, random) => {
      const base =
        (
          {
            "Intel Celeron": 200,
            "Intel Core i3": 300,
            "Intel Core i5": 450,
            "Intel Core i7": 650,
            "AMD Ryzen 5": 480,
            "Apple M1": 800,
          } as Record<string, number>
        )[values.get("Processor") ?? ""] ?? 350;
      const memory = num(values, "RAM", 8);
      return base * (0.85 + memory / 40) * condition(values) * (0.9 + random.next() * 0.25);
    },
  },
  "Audio & Speakers": {
    scene: "table",
    photos: {
      by: "Audio Type",
      of: {
        "Bluetooth Speaker": s("1f50a"),
        "Home Theater": s("1f50a", "1f4fa"),
        "Sound System": s("1f50a", "1f39b"),
        Amplifier: s("1f39b", "1f50a"),
        Headphones: s("1f3a7"),
        Microphone: s("1f399"),
      },
      other: [s("1f4fb")],
    },
    price: (values, random) =>
      byValue(
        "Audio Type",
        {
          "Bluetooth Speaker": [25, 180],
          "Home Theater": [150, 600],
          "Sound System": [300, 1200],
          Amplifier: [120, 500],
          Headphones: [15, 250],
          Microphone: [15, 150],
        },
        [20, 200],
      )(values, random) * condition(values),
  },
  "Home Appliances": {
    scene: "room",
    photos: {
      by: "Appliance",
      of: {
        Refrigerator: s("1f9ca", "1f9c3"),
        "Deep Freezer": s("1f9ca", "1f41f"),
        "Air Conditioner": s("1f32c", "2744"),
        "Washing Machine": s("1f9fa", "1f9fc"),
        Microwave: s("1f373"),
        Blender: s("1f964", "1f34c"),
      },
      other: [s("1f50c")],
    },
    price: (values, random) =>
      byValue(
        "Appliance",
        {
          Refrigerator: [280, 900],
          "Deep Freezer": [300, 750],
          "Air Conditioner": [320, 800],
          "Washing Machine": [280, 700],
          Microwave: [70, 180],
          Blender: [20, 60],
        },
        [30, 300],
      )(values, random) * condition(values),
  },
  // ── Solar & Generators ──
  "Solar Panels & Kits": {
    scene: "yard",
    photos: {
      by: "Item",
      of: {
        "Solar Light": s("1f4a1", "2600"),
        "Solar Street Light": s("1f526", "2600"),
        "Solar Fan": s("1f32c", "2600"),
      },
      other: [s("2600", "1f50b", "1f4a1")],
    },
    settle: (values, random) => {
      const watts = (
        {
          "Solar Panel": [100, 550],
          "Complete Solar Kit": [300, 5000],
          "Solar Light": [10, 100],
          "Solar Street Light": [60, 300],
          "Solar Fan": [15, 60],
        } as Record<string, [number, number]>
      )[values.get("Item") ?? ""] ?? [50, 500];
      set(values, "Wattage", Math.round(random.int(watts[0], watts[1]) / 10) * 10);
    },
    price: (values, random) => {
      const watts = num(values, "Wattage", 100);
      const perWatt =
        (
          {
            "Solar Panel": 0.4,
            "Complete Solar Kit": 1.1,
            "Solar Light": 0.8,
            "Solar Street Light": 0.9,
            "Solar Fan": 1.5,
          } as Record<string, number>
        )[values.get("Item") ?? ""] ?? 0.6;
      return (20 + watts * perWatt) * condition(values) * (0.9 + random.next() * 0.2);
    },
  },
  "Inverters & Batteries": {
    scene: "room",
    photos: { other: [s("1f50b", "26a1"), s("1faab", "1f50c")] },
    settle: (values, random) => {
      const battery = /Battery$/.test(values.get("Item") ?? "");
      if (battery) set(values, "Rating", "100 Ah");
      else if (values.get("Rating") === "100 Ah") set(values, "Rating", random.pick(["1.5 kVA", "3 kVA", "5 kVA"]));
    },
    price: (values, random) => {
      const rating =
        (
          { "1 kVA": 250, "1.5 kVA": 350, "3 kVA": 650, "5 kVA": 1100, "10 kVA": 2400, "100 Ah": 180 } as Record<
            string,
            number
          >
        )[values.get("Rating") ?? ""] ?? 400;
      const item =
        (
          { "Lithium Battery": 2.6, "Inverter & Battery Set": 1.8, "Charge Controller": 0.35 } as Record<string, number>
        )[values.get("Item") ?? ""] ?? 1;
      return rating * item * condition(values) * (0.9 + random.next() * 0.2);
    },
  },
  Generators: {
    scene: "yard",
    photos: { other: [s("26a1", "26fd"), s("1f6e2", "26a1")] },
    settle: (values, random) => {
      const kva = random.pick([1, 2, 2, 3, 3, 5, 7, 10, 15, 20, 30, 60, 100]);
      set(values, "Power Rating", kva);
      if (kva > 10) set(values, "Fuel", "Diesel");
    },
    price: (values, random) => {
      const kva = num(values, "Power Rating", 3);
      const fresh = kva <= 8 ? 110 + kva * 70 : 900 + kva * 230;
      return fresh * condition(values) * (0.9 + random.next() * 0.2);
    },
  },
  "Stabilizers & UPS": {
    scene: "room",
    photos: { other: [s("1f50c", "26a1"), s("1f50b", "1f50c")] },
    price: (values, random) => {
      const item = values.get("Item");
      if (item === "Surge Protector") return between(random, [8, 25]);
      if (item === "Changeover Switch") return between(random, [20, 80]);
      const capacity =
        ({ "1000 VA": 35, "2000 VA": 60, "5000 VA": 130, "10 kVA": 260 } as Record<string, number>)[
          values.get("Capacity") ?? ""
        ] ?? 60;
      return capacity * (item === "UPS" ? 1.8 : 1) * condition(values) * (0.9 + random.next() * 0.2);
    },
  },
  // ── Property for Rent (by the month; short stays by the night) ──
  "Houses & Apartments for Rent": {
    scene: "yard",
    photos: {
      by: "Property Type",
      of: { Duplex: s("1f3e1", "1f333"), Apartment: s("1f3e2"), "Studio Apartment": s("1f3e2") },
      other: [s("1f3e0", "1f333"), s("1f3e1", "1f334")],
    },
    settle: (values) => {
      if (values.get("Property Type") === "Studio Apartment") set(values, "Bedrooms", 1);
      set(values, "Bathrooms", Math.min(num(values, "Bathrooms"), num(values, "Bedrooms") + 1));
    },
    price: (values, random, area) => {
      const bedrooms = num(values, "Bedrooms");
      const perRoom =
        ({ Apartment: 140, House: 110, Duplex: 260, Bungalow: 170, "Studio Apartment": 150 } as Record<string, number>)[
          values.get("Property Type") ?? ""
        ] ?? 130;
      const furnished = values.get("Furnished") === "Yes" ? 1.3 : 1;
      return (60 + perRoom * bedrooms) * areaShare(area) * furnished * (0.85 + random.next() * 0.3);
    },
  },
  "Rooms for Rent": {
    scene: "room",
    photos: { other: [s("1f6cf", "1fa91"), s("1f6cb", "1fab4")] },
    price: (values, random, area) =>
      byValue(
        "Room Type",
        { "Single Room": [15, 35], "Room and Parlor": [30, 70], "Self-contained Room": [45, 120] },
        [20, 60],
      )(values, random) * (PRIME_AREAS.test(area) ? 1.3 : 1),
  },
  "Shops & Offices for Rent": {
    scene: "yard",
    photos: {
      by: "Space Type",
      of: { Office: s("1f3e2"), Warehouse: s("1f3ed"), "Container Shop": s("1f3ea") },
      other: [s("1f3ea"), s("1f3ec")],
    },
    settle: (values, random) => {
      const [low, high] = (
        {
          "Container Shop": [120, 320],
          Shop: [150, 800],
          Office: [200, 1500],
          Store: [200, 1200],
          Warehouse: [1500, 5000],
        } as Record<string, [number, number]>
      )[values.get("Space Type") ?? ""] ?? [200, 1000];
      set(values, "Floor Area", Math.round(random.int(low, high) / 10) * 10);
    },
    price: (values, random, area) =>
      num(values, "Floor Area", 300) * (0.45 + random.next() * 0.4) * (PRIME_AREAS.test(area) ? 1.4 : 1),
  },
  "Short Stay": {
    scene: "room",
    photos: { other: [s("1f6cf", "1f6ce"), s("1f3e8", "1f334")] },
    price: (values, random) =>
      byValue(
        "Property Type",
        { "Hotel Room": [45, 130], "Guest House Room": [20, 50], Apartment: [50, 150], House: [90, 250] },
        [30, 100],
      )(values, random) *
      (1 + (num(values, "Bedrooms") - 1) * 0.25),
  },
  // ── Property for Sale ──
  "Houses for Sale": {
    scene: "yard",
    photos: {
      by: "Property Type",
      of: { "Storey Building": s("1f3e2", "1f333"), Duplex: s("1f3e1", "1f334") },
      other: [s("1f3e0", "1f333"), s("1f3e1", "1f334"), s("1f3d8")],
    },
    price: (values, random, area) => {
      const kind =
        ({ "Storey Building": 1.5, Duplex: 1.3, Bungalow: 1, House: 0.85 } as Record<string, number>)[
          values.get("Property Type") ?? ""
        ] ?? 1;
      const land = 1 + (lots(values, "Land Size") - 1) * 0.12;
      return num(values, "Bedrooms", 3) * between(random, [11_000, 24_000]) * kind * land * areaShare(area);
    },
  },
  "Unfinished Houses": {
    scene: "yard",
    photos: { other: [s("1f3d7", "1f9f1"), s("1f3da", "1f9f1")] },
    price: (values, random) => {
      const stage =
        (
          {
            Foundation: 0.15,
            "Window Level": 0.3,
            "Lintel Level": 0.4,
            "Roof Level": 0.55,
            Roofed: 0.7,
            Plastered: 0.85,
          } as Record<string, number>
        )[values.get("Stage") ?? ""] ?? 0.5;
      const land = 1 + (lots(values, "Land Size") - 1) * 0.15;
      return num(values, "Bedrooms", 3) * between(random, [9_000, 16_000]) * stage * land;
    },
  },
  "Commercial Property for Sale": {
    scene: "yard",
    photos: {
      by: "Property Type",
      of: { Hotel: s("1f3e8"), "Gas Station": s("26fd", "1f697"), Warehouse: s("1f3ed") },
      other: [s("1f3ec"), s("1f3e2")],
    },
    price: (values, random) => {
      const base =
        (
          {
            "Shop Building": 120_000,
            "Office Building": 250_000,
            Warehouse: 180_000,
            Hotel: 600_000,
            "Gas Station": 400_000,
            "Apartment Building": 350_000,
          } as Record<string, number>
        )[values.get("Property Type") ?? ""] ?? 200_000;
      return base * (1 + (num(values, "Floors") - 1) * 0.3) * (0.75 + random.next() * 0.5);
    },
  },
  // ── Land (for sale by the lot; leases by the year) ──
  "Residential Land": {
    scene: "field",
    photos: { other: [s("1f334", "1f333"), s("1f333", "1f4cd")] },
    price: (values, random, area) =>
      lots(values, "Plot Size") *
      (PRIME_AREAS.test(area) ? between(random, [12_000, 25_000]) : between(random, [1_800, 7_000])) *
      documents(values),
  },
  "Commercial Land": {
    scene: "field",
    photos: { other: [s("1f334", "1f4cd"), s("1f333", "1f6a7")] },
    price: (values, random) => lots(values, "Plot Size") * between(random, [12_000, 40_000]) * documents(values),
  },
  Farmland: {
    scene: "field",
    photos: {
      by: "Current Use",
      of: {
        "Palm Farm": s("1f334", "1f334"),
        "Cassava Farm": s("1f33f", "1f333"),
        "Swamp Rice": s("1f33e", "1f33e"),
        "Cocoa Farm": s("1f333", "1f330"),
      },
      other: [s("1f333", "1f33f")],
    },
    settle: (values, random) => set(values, "Acres", random.pick([2, 5, 5, 10, 10, 20, 25, 40, 50, 100, 200])),
    price: (values, random) => num(values, "Acres", 5) * between(random, [150, 600]) * documents(values),
  },
  "Land for Lease": {
    scene: "field",
    photos: { other: [s("1f333", "1f6a7"), s("1f334")] },
    price: (values, random) => lots(values, "Plot Size") * between(random, [250, 900]),
  },
  // ── Furniture & Home ──
  Furniture: {
    scene: "room",
    photos: {
      by: "Item",
      of: {
        "Sofa Set": s("1f6cb", "1fab4"),
        "Bed Frame": s("1f6cf"),
        "Dining Table": s("1f37d", "1fa91"),
        Wardrobe: s("1f6aa", "1f455"),
        "Office Desk": s("1fa91", "1f4bb"),
        "Plastic Chairs": s("1fa91", "1fa91"),
      },
      other: [s("1fa91")],
    },
    settle: (values, random) => {
      const materials = (
        {
          "Sofa Set": ["Fabric", "Leather"],
          "Plastic Chairs": ["Plastic"],
          "Office Desk": ["Wood", "Metal"],
        } as Record<string, string[]>
      )[values.get("Item") ?? ""] ?? ["Wood", "Metal"];
      set(values, "Material", random.pick(materials));
    },
    price: (values, random) =>
      byValue(
        "Item",
        {
          "Sofa Set": [250, 1200],
          "Bed Frame": [120, 500],
          "Dining Table": [150, 700],
          Wardrobe: [150, 600],
          "Office Desk": [80, 300],
          "Plastic Chairs": [8, 15],
        },
        [30, 300],
      )(values, random) * condition(values),
  },
  "Mattresses & Bedding": {
    scene: "room",
    photos: { other: [s("1f6cf"), s("1f6cf", "1f9f8")] },
    price: (values, random) => {
      if (values.get("Item") !== "Mattress")
        return byValue(
          "Item",
          { Bedsheets: [10, 35], Pillows: [5, 15], Blanket: [10, 30], "Mosquito Net": [5, 15] },
          [5, 30],
        )(values, random);
      return byValue(
        "Bed Size",
        { Single: [50, 90], Double: [90, 150], Queen: [140, 220], King: [200, 320] },
        [80, 200],
      )(values, random);
    },
  },
  "Kitchen & Dining": {
    scene: "table",
    photos: {
      by: "Item",
      of: {
        "Gas Stove": s("1f373", "1f525"),
        "Cooking Pots": s("1f372", "1f944"),
        "Plates & Cups": s("1f37d", "2615"),
        "Rice Cooker": s("1f35a", "1f944"),
        "Coal Pot": s("1f525", "1f372"),
      },
      other: [s("1f373")],
    },
    settle: kitchen.settle,
    price: kitchen.price,
  },
  "Home Decor": {
    scene: "room",
    photos: {
      by: "Item",
      of: {
        "Wall Clock": s("1f570"),
        Mirror: s("1fa9e"),
        "Artificial Flowers": s("1f490"),
        Lamp: s("1f6cb"),
        Curtains: s("1fa9f"),
      },
      other: [s("1f5bc", "1fab4")],
    },
    price: byValue(
      "Item",
      {
        Curtains: [20, 80],
        "Rugs & Carpets": [30, 200],
        "Wall Clock": [8, 30],
        Mirror: [15, 90],
        "Artificial Flowers": [5, 25],
        Lamp: [12, 60],
      },
      [10, 60],
    ),
  },
  // ── Fashion ──
  "Men's Clothing": {
    scene: "studio",
    photos: {
      by: "Item",
      of: {
        Shirt: s("1f454"),
        Suit: s("1f454", "1f45e"),
        Jeans: s("1f456"),
        Trousers: s("1f456"),
        "T-Shirt": s("1f455"),
      },
      other: [s("1f455"), s("1f454")],
    },
    price: (values, random) =>
      byValue(
        "Item",
        {
          Shirt: [8, 25],
          Trousers: [10, 30],
          Jeans: [12, 35],
          Suit: [60, 220],
          "T-Shirt": [4, 12],
          "African Print Shirt": [15, 45],
        },
        [8, 30],
      )(values, random) * condition(values),
  },
  "Women's Clothing": {
    scene: "studio",
    photos: {
      by: "Item",
      of: {
        Dress: s("1f457"),
        Gown: s("1f457", "1f460"),
        Jeans: s("1f456"),
        Blouse: s("1f45a"),
        "Lappa Suit": s("1f97b"),
      },
      other: [s("1f45a"), s("1f457")],
    },
    price: (values, random) =>
      byValue(
        "Item",
        {
          Dress: [12, 60],
          "Lappa Suit": [25, 90],
          "Skirt & Blouse": [15, 50],
          Jeans: [12, 35],
          Blouse: [8, 25],
          Gown: [30, 150],
        },
        [10, 50],
      )(values, random) * condition(values),
  },
  Shoes: {
    scene: "studio",
    photos: {
      by: "Shoe Type",
      of: {
        Sneakers: s("1f45f", "1f45f"),
        Slippers: s("1fa74", "1fa74"),
        Sandals: s("1f461", "1f461"),
        Heels: s("1f460", "1f460"),
        "Formal Shoes": s("1f45e", "1f45e"),
        Boots: s("1f462", "1f462"),
      },
      other: [s("1f45f")],
    },
    settle: (values, random) => {
      if (values.get("Shoe Type") === "Heels") set(values, "Gender", "Women's");
      set(values, "Shoe Size", values.get("Gender") === "Women's" ? random.int(36, 41) : random.int(40, 46));
    },
    price: (values, random) =>
      byValue(
        "Shoe Type",
        {
          Sneakers: [20, 90],
          Slippers: [3, 12],
          Sandals: [8, 30],
          Heels: [15, 70],
          "Formal Shoes": [25, 100],
          Boots: [30, 110],
        },
        [10, 50],
      )(values, random) * condition(values),
  },
  Bags: {
    scene: "studio",
    photos: {
      by: "Bag Type",
      of: {
        Handbag: s("1f45c"),
        Backpack: s("1f392"),
        "Travel Bag": s("1f9f3"),
        Wallet: s("1f45b"),
        Clutch: s("1f45d"),
      },
      other: [s("1f45c")],
    },
    price: (values, random) =>
      byValue(
        "Bag Type",
        { Handbag: [15, 120], Backpack: [12, 45], "Travel Bag": [20, 80], Wallet: [5, 30], Clutch: [10, 45] },
        [10, 50],
      )(values, random) * condition(values),
  },
  "Jewelry & Watches": {
    scene: "studio",
    photos: {
      by: "Item",
      of: {
        Watch: s("231a"),
        Necklace: s("1f4ff"),
        Ring: s("1f48d"),
        Earrings: s("1f48e"),
        Bracelet: s("1f4ff", "1f48e"),
      },
      other: [s("1f48d")],
    },
    price: (values, random) =>
      values.get("Item") === "Watch"
        ? between(random, [15, 400])
        : byValue(
            "Material",
            { Gold: [300, 1800], Silver: [40, 200], "Stainless Steel": [8, 40], Beads: [4, 25] },
            [10, 80],
          )(values, random),
  },
  "Fabrics & Lappa": {
    scene: "table",
    photos: { other: [s("1f97b", "1f9f5"), s("1f9f6", "1f9f5"), s("1f458", "2702")] },
    price: (values, random) =>
      byValue(
        "Fabric Type",
        {
          "Wax Print": [15, 35],
          Lace: [40, 150],
          "Country Cloth": [20, 60],
          "Tie-Dye": [10, 30],
          Brocade: [15, 45],
          Kente: [60, 200],
        },
        [15, 50],
      )(values, random) *
      (({ "2 yards": 0.4, "6 yards": 1, "12 yards": 1.9 } as Record<string, number>)[values.get("Length") ?? ""] ?? 1),
  },
  // ── Jobs (monthly pay) ──
  "Office & Admin": {
    scene: "table",
    photos: { other: [s("1f4bc", "1f4cb"), s("1f4bb", "1f4c5")] },
    settle: monthlyPay,
    price: salary(
      {
        Secretary: [220, 400],
        Receptionist: [170, 320],
        Accountant: [400, 900],
        "Office Assistant": [140, 240],
        Cashier: [170, 290],
        "Data Entry Clerk": [150, 280],
      },
      [150, 400],
    ),
  },
  "Sales & Marketing": {
    scene: "table",
    photos: { other: [s("1f4c8", "1f4e3"), s("1f4e3", "1f4b5")] },
    settle: monthlyPay,
    price: salary(
      {
        "Sales Representative": [150, 350],
        "Shop Attendant": [100, 180],
        "Marketing Officer": [300, 600],
        "Mobile Money Agent": [100, 200],
        "Customer Service Rep": [150, 300],
      },
      [120, 300],
    ),
  },
  Drivers: {
    scene: "yard",
    photos: {
      by: "Role",
      of: {
        "Truck Driver": s("1f69a"),
        "Taxi Driver": s("1f695"),
        "Keke Rider": s("1f6fa"),
        "Delivery Rider": s("1f3cd", "1f4e6"),
      },
      other: [s("1f698", "1f511")],
    },
    settle: monthlyPay,
    price: salary(
      { "Company Driver": [180, 320], "Truck Driver": [220, 400], "Personal Driver": [150, 280] },
      [120, 250],
    ),
  },
  "Security & Cleaning": {
    scene: "room",
    photos: {
      by: "Role",
      of: { "Security Guard": s("1f6e1", "1f526"), Gardener: s("1fab4", "1f331"), Nanny: s("1f9f8", "1f37c") },
      other: [s("1f9f9", "1f9fd"), s("1f9fa", "1f9fc")],
    },
    settle: monthlyPay,
    price: salary({ "Security Guard": [110, 220], Nanny: [80, 160] }, [80, 180]),
  },
  "Hotel & Restaurant": {
    scene: "table",
    photos: { other: [s("1f37d", "1f6ce"), s("1f373", "1f372"), s("1f379", "1f37a")] },
    settle: monthlyPay,
    price: salary({ Cook: [180, 450], Bartender: [120, 250], "Hotel Receptionist": [150, 300] }, [100, 220]),
  },
  "Technical & Construction": {
    scene: "yard",
    photos: { other: [s("1f6e0", "1f9f0"), s("1f3d7", "1f9f1"), s("1f527", "1f529")] },
    settle: monthlyPay,
    price: salary({ Electrician: [250, 550], Mechanic: [250, 600], Welder: [220, 500] }, [200, 450]),
  },
  // ── Services (per job; a hire by the day) ──
  "Repairs & Technicians": {
    scene: "table",
    photos: {
      by: "Service",
      of: {
        "Phone Repair": s("1f4f1", "1fa9b"),
        "Electrical Work": s("1f50c", "1fa9b"),
        Plumbing: s("1f6b0", "1f527"),
        "AC Repair": s("1f32c", "1f527"),
        "Generator Repair": s("26a1", "1f527"),
        "TV Repair": s("1f4fa", "1fa9b"),
      },
      other: [s("1f9f0", "1f527")],
    },
    price: byValue(
      "Service",
      {
        "Phone Repair": [5, 40],
        "Electrical Work": [15, 120],
        Plumbing: [10, 80],
        "AC Repair": [25, 80],
        "Generator Repair": [20, 100],
        "TV Repair": [10, 50],
      },
      [10, 60],
    ),
  },
  "Cleaning & Laundry": {
    scene: "room",
    photos: {
      by: "Service",
      of: { Laundry: s("1f9fa", "1f455"), "Septic Tank Emptying": s("1f69b"), Fumigation: s("1f99f", "1f9f4") },
      other: [s("1f9f9", "1f9fd"), s("1f9fc", "1f9fd")],
    },
    settle: (values) =>
      set(
        values,
        "Pricing",
        values.get("Service") === "Office Cleaning"
          ? "Monthly"
          : values.get("Service") === "House Cleaning"
            ? "Per Hour"
            : "Per Job",
      ),
    price: byValue(
      "Service",
      {
        "House Cleaning": [5, 12],
        Laundry: [5, 20],
        "Office Cleaning": [100, 400],
        "Septic Tank Emptying": [80, 200],
        Fumigation: [40, 150],
        "Carpet Cleaning": [15, 60],
      },
      [10, 60],
    ),
  },
  "Transport & Moving": {
    scene: "yard",
    photos: {
      by: "Service",
      of: {
        "Moving Truck": s("1f69a", "1f4e6"),
        "Pickup Delivery": s("1f6fb", "1f4e6"),
        "Car Rental": s("1f697", "1f511"),
        "Airport Pickup": s("1f699", "2708"),
        "Motorbike Delivery": s("1f6f5", "1f4e6"),
      },
      other: [s("1f69a")],
    },
    settle: (values) => {
      const vehicle = (
        {
          "Moving Truck": "Truck",
          "Pickup Delivery": "Pickup",
          "Car Rental": "Car",
          "Airport Pickup": "SUV",
          "Motorbike Delivery": "Motorbike",
        } as Record<string, string>
      )[values.get("Service") ?? ""];
      if (vehicle) set(values, "Vehicle Type", vehicle);
    },
    price: byValue(
      "Service",
      {
        "Moving Truck": [80, 250],
        "Pickup Delivery": [10, 40],
        "Car Rental": [50, 120],
        "Airport Pickup": [40, 70],
        "Motorbike Delivery": [2, 8],
      },
      [10, 60],
    ),
  },
  "Events & Catering": {
    scene: "table",
    photos: {
      by: "Service",
      of: {
        Catering: s("1f372", "1f35a"),
        DJ: s("1f3a7", "1f50a"),
        Decoration: s("1f388", "1f380"),
        "Photography & Video": s("1f4f7", "1f3a5"),
        "Tent & Chair Rental": s("1f3aa", "1fa91"),
        MC: s("1f3a4"),
      },
      other: [s("1f382", "1f388")],
    },
    price: (values, random) =>
      values.get("Service") === "Catering"
        ? num(values, "Max Guests", 50) * between(random, [8, 15])
        : byValue(
            "Service",
            {
              DJ: [100, 400],
              Decoration: [150, 900],
              "Photography & Video": [150, 800],
              "Tent & Chair Rental": [60, 500],
              MC: [80, 300],
            },
            [80, 400],
          )(values, random),
  },
  "Tutoring & Lessons": {
    scene: "table",
    photos: { other: [s("1f4da", "270f"), s("1f393", "1f4da"), s("1f4d0", "270f")] },
    price: (values, random) =>
      between(random, [20, 60]) *
      (({ "Senior High": 1.4, Adult: 1.5 } as Record<string, number>)[values.get("Level") ?? ""] ?? 1),
  },
  // ── Agriculture & Food ──
  "Rice & Grains": {
    scene: "table",
    photos: {
      by: "Product",
      of: { Beans: s("1fad8", "1f963"), Corn: s("1f33d", "1f33d") },
      other: [s("1f35a", "1f33e"), s("1f33e", "1f35a")],
    },
    price: (values, random) => {
      const perKg =
        ({ "Country Rice": 1.0, "Jasmine Rice": 1.2, Beans: 1.6, Corn: 0.7 } as Record<string, number>)[
          values.get("Product") ?? ""
        ] ?? 0.75;
      const kg = Number.parseInt(values.get("Bag Size") ?? "25", 10) || 25;
      return kg * perKg * (0.92 + random.next() * 0.16);
    },
  },
  "Palm Oil & Cassava": {
    scene: "table",
    photos: {
      by: "Product",
      of: {
        "Palm Oil": s("1fad9", "1f334"),
        "Palm Kernel Oil": s("1fad9", "1f965"),
        Cassava: s("1f360", "1f360"),
        "Cassava Leaf": s("1f96c", "1f96c"),
      },
      other: [s("1f360", "1f963")],
    },
    settle: palmOil.settle,
    price: palmOil.price,
  },
  "Livestock & Poultry": {
    scene: "field",
    photos: {
      by: "Animal",
      of: {
        Goat: s("1f410", "1f410"),
        Sheep: s("1f411", "1f411"),
        Cow: s("1f404"),
        Pig: s("1f416"),
        Chicken: s("1f414", "1f413"),
        Duck: s("1f986", "1f986"),
      },
      other: [s("1f414")],
    },
    settle: livestock.settle,
    price: livestock.price,
  },
  "Fruits & Vegetables": {
    scene: "table",
    photos: {
      by: "Product",
      of: {
        Pepper: s("1f336", "1f336"),
        "Bitter Ball": s("1f346", "1f346"),
        Plantain: s("1f34c", "1f34c"),
        Banana: s("1f34c", "1f34c"),
        Eddoes: s("1f954", "1f954"),
        Pineapple: s("1f34d", "1f96d"),
      },
      other: [s("1f345", "1f955")],
    },
    price: byValue("Unit", { Bag: [20, 60], Bucket: [5, 20], Bunch: [2, 8], Dozen: [2, 6], Pile: [1, 3] }, [2, 10]),
  },
  "Fish & Seafood": {
    scene: "table",
    photos: {
      by: "Product",
      of: { Shrimp: s("1f990", "1f990"), Crabs: s("1f980", "1f980"), Bonny: s("1f41f", "1f41f") },
      other: [s("1f41f", "1f41f"), s("1f420", "1f41f")],
    },
    price: byValue("Unit", { Kg: [3, 7], Carton: [40, 90], Bucket: [15, 40], Pile: [2, 6] }, [3, 20]),
  },
  "Farm Equipment & Inputs": {
    scene: "field",
    photos: {
      by: "Item",
      of: {
        "Power Tiller": s("1f69c"),
        Sprayer: s("1f4a7", "1f331"),
        Fertilizer: s("1f331", "1f33f"),
        "Water Pump": s("1f6b0", "1f4a7"),
      },
      other: [s("1f69c", "1f33e"), s("1f331", "1fa93")],
    },
    settle: farmInputs.settle,
    price: farmInputs.price,
  },
  // ── Building Materials (the quantity in the ad, at its total price) ──
  "Cement & Blocks": {
    scene: "yard",
    photos: { other: [s("1f9f1", "1f9f1"), s("1f9f1", "1f3d7")] },
    settle: cement.settle,
    price: cement.price,
  },
  "Roofing & Ceiling": {
    scene: "yard",
    photos: { other: [s("1f6d6", "1f528"), s("1f3e0", "1f528")] },
    settle: roofing.settle,
    price: roofing.price,
  },
  "Plumbing & Water Tanks": {
    scene: "room",
    photos: {
      by: "Item",
      of: { "Toilet Set": s("1f6bd"), "Shower Set": s("1f6bf"), "Wash Basin": s("1f6b0", "1f9fc") },
      other: [s("1f6b0", "1f527"), s("1faa3", "1f527")],
    },
    settle: plumbing.settle,
    price: plumbing.price,
  },
  "Electrical Supplies": {
    scene: "table",
    photos: {
      by: "Item",
      of: { Bulbs: s("1f4a1", "1f4a1"), "Extension Cord": s("1f50c") },
      other: [s("1f50c", "1f4a1"), s("26a1", "1f50c")],
    },
    settle: electrical.settle,
    price: electrical.price,
  },
  "Wood & Timber": {
    scene: "yard",
    photos: { other: [s("1fab5", "1fab5"), s("1fab5", "1fa9a")] },
    settle: timber.settle,
    price: timber.price,
  },
  "Tiles & Paint": {
    scene: "room",
    photos: { by: "Item", of: { Paint: s("1faa3", "1f58c") }, other: [s("1f3a8", "1f58c"), s("1f9f1")] },
    settle: tiles.settle,
    price: tiles.price,
  },
  // ── Health & Beauty ──
  "Hair & Wigs": {
    scene: "studio",
    photos: { other: [s("1f487", "1faae"), s("1f469", "1faae")] },
    price: (values, random) =>
      byValue(
        "Hair Type",
        {
          "Human Hair Wig": [80, 350],
          "Synthetic Wig": [15, 50],
          "Braids Attachment": [3, 10],
          "Weave-On": [20, 120],
          "Hair Extensions": [25, 150],
        },
        [10, 60],
      )(values, random) *
      (0.7 + num(values, "Length", 14) / 40),
  },
  "Skin Care & Makeup": {
    scene: "table",
    photos: {
      by: "Product",
      of: { Soap: s("1f9fc"), "Makeup Kit": s("1f484", "1f485") },
      other: [s("1f9f4", "1f9fc"), s("1f9f4", "1f33c")],
    },
    price: byValue(
      "Product",
      {
        "Body Cream": [4, 15],
        "Shea Butter": [3, 10],
        "Face Cream": [5, 25],
        Soap: [1, 3],
        "Makeup Kit": [20, 80],
        "Body Oil": [4, 15],
      },
      [3, 20],
    ),
  },
  Fragrances: {
    scene: "studio",
    photos: { other: [s("1f9f4", "1f338"), s("1f9f4", "1f33a")] },
    price: (values, random) => {
      const kind = values.get("Fragrance Type");
      if (kind === "Body Spray") return between(random, [3, 8]);
      if (kind === "Roll-On") return between(random, [2, 5]);
      if (kind === "Oud Oil") return between(random, [10, 50]);
      return byValue(
        "Bottle Size",
        { "30 ml": [15, 40], "50 ml": [25, 70], "100 ml": [40, 150] },
        [20, 60],
      )(values, random);
    },
  },
  "Medical Supplies": {
    scene: "table",
    photos: {
      by: "Item",
      of: {
        "Blood Pressure Monitor": s("1fa7a", "2764"),
        Thermometer: s("1f321"),
        "First Aid Kit": s("1fa79", "1f48a"),
        Wheelchair: s("1f9bd"),
      },
      other: [s("1fa7a", "1f48a")],
    },
    price: (values, random) =>
      byValue(
        "Item",
        {
          "Blood Pressure Monitor": [25, 60],
          Glucometer: [20, 45],
          Wheelchair: [90, 250],
          Thermometer: [5, 15],
          "First Aid Kit": [10, 35],
          Nebulizer: [35, 90],
        },
        [10, 60],
      )(values, random) * condition(values),
  },
  "Salon & Barber Services": {
    scene: "studio",
    photos: {
      by: "Service",
      of: { Barbering: s("1f488", "2702"), Nails: s("1f485"), Makeup: s("1f484", "1fa9e") },
      other: [s("1f487", "2702"), s("1faae", "1fa9e")],
    },
    price: byValue(
      "Service",
      {
        Braiding: [15, 80],
        Barbering: [2, 5],
        Nails: [5, 20],
        Makeup: [20, 80],
        "Pedicure & Manicure": [8, 25],
        Lashes: [8, 30],
      },
      [5, 30],
    ),
  },
  // ── Babies & Kids ──
  "Kids Clothing & Shoes": {
    scene: "studio",
    photos: {
      by: "Item",
      of: { "Baby Dress": s("1f457"), "Kids Shoes": s("1f45f", "1f45f"), "T-Shirt & Shorts": s("1f455", "1fa73") },
      other: [s("1f455", "1f9e6"), s("1f457")],
    },
    price: (values, random) =>
      byValue(
        "Item",
        {
          "Baby Dress": [5, 15],
          Onesie: [3, 8],
          "Kids Shoes": [5, 20],
          "T-Shirt & Shorts": [5, 12],
          "Baby Set": [8, 25],
        },
        [4, 15],
      )(values, random) * condition(values),
  },
  "Baby Gear": {
    scene: "room",
    photos: { by: "Item", of: { "Baby Cot": s("1f6cf", "1f9f8") }, other: [s("1f9f8", "1f37c"), s("1f6bc", "1f9f8")] },
    price: (values, random) =>
      byValue(
        "Item",
        {
          Stroller: [60, 250],
          "Car Seat": [50, 200],
          "Baby Cot": [70, 250],
          Walker: [25, 60],
          "High Chair": [30, 90],
          "Baby Carrier": [15, 50],
        },
        [20, 100],
      )(values, random) * condition(values),
  },
  "Toys & Games": {
    scene: "room",
    photos: {
      by: "Toy Type",
      of: {
        Doll: s("1fa86", "1f9f8"),
        "Toy Car": s("1f697", "1f3ce"),
        "Building Blocks": s("1f9e9", "1f9f1"),
        Ball: s("26bd", "1f3c0"),
        Bicycle: s("1f6b2"),
        "Educational Toys": s("1f9e9", "1f4da"),
      },
      other: [s("1f9f8")],
    },
    price: (values, random) =>
      byValue(
        "Toy Type",
        {
          Doll: [5, 25],
          "Toy Car": [5, 40],
          "Building Blocks": [8, 35],
          Ball: [5, 20],
          Bicycle: [40, 150],
          "Educational Toys": [8, 40],
        },
        [5, 30],
      )(values, random) * condition(values),
  },
  "Baby Care & Feeding": {
    scene: "table",
    photos: { other: [s("1f37c", "1f9f7"), s("1f37c", "1f9fb"), s("1f9f4", "1f37c")] },
    price: byValue(
      "Product",
      {
        Diapers: [8, 20],
        "Baby Formula": [12, 30],
        "Feeding Bottles": [4, 12],
        "Baby Wipes": [2, 5],
        "Baby Food": [3, 8],
        "Baby Lotion": [3, 8],
      },
      [3, 15],
    ),
  },
  "School Supplies": {
    scene: "table",
    photos: {
      by: "Item",
      of: {
        "School Bag": s("1f392", "270f"),
        "Exercise Books": s("1f4d2", "270f"),
        Textbooks: s("1f4da", "1f4d0"),
        "School Uniform": s("1f454", "1f456"),
        "School Shoes": s("1f45e", "1f45e"),
        "Lunch Box": s("1f371"),
      },
      other: [s("1f4da")],
    },
    price: byValue(
      "Item",
      {
        "School Bag": [8, 30],
        "Exercise Books": [3, 8],
        Textbooks: [5, 20],
        "School Uniform": [8, 25],
        "School Shoes": [10, 25],
        "Lunch Box": [3, 10],
      },
      [3, 15],
    ),
  },
};

/** The subjects an ad may show: those of its attribute value, else the subcategory's others. */
export function demoSubjects(stock: DemoStock, values: DemoValues): DemoSubject[] {
  const match = stock.photos.by ? stock.photos.of?.[values.get(stock.photos.by) ?? ""] : undefined;
  return match ? [match] : stock.photos.other;
}
