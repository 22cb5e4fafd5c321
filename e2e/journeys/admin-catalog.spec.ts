import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { adminLogsIn, isPhone } from "./admin-signed-in";
import { waitForHydration } from "./hydrated-page";
import { photos, uniquePhotos } from "./photos";
import { expect, signInto, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

/** The seller who finds the new category in the sell wizard: no other journey signs in as this account. */
const SELLER = { email: "gadgets@demo.waterside.lr" };

test.beforeEach(({ page }) => skipSignupPrompt(page));

test("an admin adds a category, a subcategory and a required attribute, and a seller posts with them", async ({
  browser,
  page,
  request,
  viewport,
  baseURL,
}) => {
  test.skip(isPhone(viewport?.width), "the admin area's catalogue journey runs on a desktop");
  test.setTimeout(120_000);
  const word = Date.now().toString(36);
  const categoryName = `Boats ${word}`;
  const subcategoryName = `Canoes ${word}`;
  const [categoryPicture, subcategoryPicture] = await photos(page, ["#0e7490", "#a16207"]);
  // Creating a category or subcategory encodes its picture with sharp; on a 2-core CI machine running both
  // projects' journeys that once took over the default 5 s, so the confirmations get a wider window.
  const created = { timeout: 15_000 };

  await adminLogsIn(page);
  await page.getByRole("navigation").getByRole("link", { name: "Manage categories" }).click();
  await expect(page.getByText("No selected category")).toBeVisible();

  // A category: the form's own checks first, then a name and a picture (previewed). It starts inactive, and
  // cannot be switched on without an active subcategory.
  await page.getByRole("button", { name: "Add category" }).click();
  const addCategory = page.getByRole("dialog", { name: "Add category" });
  await addCategory.getByRole("button", { name: "Create category" }).click();
  await expect(addCategory.getByText(M.nameRequired)).toBeVisible();
  await expect(addCategory.getByText(M.imageRequiredClient)).toBeVisible();
  await addCategory.getByLabel("Name").fill(categoryName);
  await addCategory.getByLabel("Image").setInputFiles(categoryPicture!);
  // The preview of the chosen picture (decorative: the name says what it is).
  await expect(addCategory.locator("img")).toBeVisible();
  await addCategory.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByText(M.categoryCreated)).toBeVisible(created);
  await expect(page.getByRole("heading", { level: 2, name: categoryName })).toBeVisible();
  const categorySwitch = page.getByRole("switch", { name: "Category active", exact: true });
  await expect(categorySwitch).toHaveAttribute("aria-checked", "false");
  await expect(categorySwitch).toHaveAttribute("aria-disabled", "true");
  await expect(categorySwitch).toHaveAccessibleDescription(M.categoryNeedsActiveSubcategory);
  await expect(page.getByText("No selected subcategory")).toBeVisible();

  // A subcategory with its picture: its tab is chosen, and it has no attributes yet.
  await page.getByRole("button", { name: "Add subcategory" }).click();
  const addSubcategory = page.getByRole("dialog", { name: "Add subcategory" });
  await addSubcategory.getByLabel("Name").fill(subcategoryName);
  await addSubcategory.getByLabel("Image").setInputFiles(subcategoryPicture!);
  // As for the category: the picture is read before the form takes it. A click before its preview showed sent nothing
  // and showed nothing (two CI runs: no POST /admin/subcategories in the trace), so the journey waits as a person does.
  await expect(addSubcategory.locator("img")).toBeVisible();
  await addSubcategory.getByRole("button", { name: "Create subcategory" }).click();
  await expect(page.getByText(M.subcategoryCreated)).toBeVisible(created);
  await expect(page.getByRole("tab", { name: new RegExp(subcategoryName) })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: new RegExp(subcategoryName) });
  await expect(panel.getByText("No data available")).toBeVisible();

  // A required, restricted attribute with options: name, type and options are checked before anything is sent.
  await panel.getByRole("button", { name: "Add attribute" }).click();
  const addAttribute = page.getByRole("dialog", { name: "Add attribute" });
  await addAttribute.getByRole("button", { name: "Add attribute" }).click();
  await expect(addAttribute.getByText(M.nameRequired)).toBeVisible();
  await expect(addAttribute.getByText(M.typeRequired)).toBeVisible();
  await addAttribute.getByLabel("Name").fill("Hull material");
  await addAttribute.getByLabel("Type").selectOption({ label: "Text" });
  await addAttribute.getByLabel("Required", { exact: true }).check();
  await addAttribute.getByLabel("Restricted", { exact: true }).check();
  await addAttribute.getByLabel("Has options", { exact: true }).check();
  await addAttribute.getByRole("button", { name: "Add attribute" }).click();
  await expect(addAttribute.getByText(M.optionsRequired)).toBeVisible();
  await addAttribute.getByRole("textbox", { name: "Options" }).fill(" Wood, Fibreglass ,Aluminium, Wood");
  await addAttribute.getByRole("button", { name: "Add attribute" }).click();
  await expect(page.getByText(M.attributeCreated)).toBeVisible();
  const row = panel.getByRole("row").filter({ hasText: "Hull material" });
  await expect(row.getByRole("cell")).toHaveText(["Text", "Yes", "Yes", "Wood, Fibreglass, Aluminium", /Edit/]);

  // The server's own check shows under the name: the subcategory already has this attribute.
  await panel.getByRole("button", { name: "Add attribute" }).click();
  await addAttribute.getByLabel("Name").fill("hull MATERIAL");
  await addAttribute.getByLabel("Type").selectOption({ label: "Text" });
  await addAttribute.getByRole("button", { name: "Add attribute" }).click();
  await expect(addAttribute.getByText(M.attributeNameTaken)).toBeVisible();
  await addAttribute.getByRole("button", { name: "Cancel" }).click();

  // One more option, by editing it.
  await row.getByRole("button", { name: "Edit Hull material" }).click();
  const editAttribute = page.getByRole("dialog", { name: "Edit attribute" });
  await expect(editAttribute.getByRole("textbox", { name: "Options" })).toHaveValue("Wood, Fibreglass, Aluminium");
  await editAttribute.getByRole("textbox", { name: "Options" }).fill("Wood, Fibreglass, Aluminium, Steel");
  await editAttribute.getByRole("button", { name: "Save attribute" }).click();
  await expect(page.getByText(M.attributeUpdated)).toBeVisible();
  await expect(row).toContainText("Wood, Fibreglass, Aluminium, Steel");

  // The subcategory, then the category, switched on after a confirmation.
  const subcategorySwitch = panel.getByRole("switch", { name: "Subcategory active" });
  await subcategorySwitch.click();
  await page.getByRole("dialog", { name: "Activate subcategory?" }).getByRole("button", { name: "Activate" }).click();
  await expect(subcategorySwitch).toHaveAttribute("aria-checked", "true");
  await expect(categorySwitch).not.toHaveAttribute("aria-disabled", "true");
  await categorySwitch.click();
  await page.getByRole("dialog", { name: "Activate category?" }).getByRole("button", { name: "Activate" }).click();
  await expect(categorySwitch).toHaveAttribute("aria-checked", "true");

  // The categories report says so.
  await page.getByRole("navigation").getByRole("link", { name: "Categories report" }).click();
  const reported = page.getByRole("region", { name: categoryName });
  await expect(reported.getByText("Active", { exact: true })).toHaveCount(2);
  await expect(reported.getByRole("row").filter({ hasText: subcategoryName })).toContainText("0");

  // A seller finds the category and the subcategory in the sell wizard, and the attribute with its options.
  const sellerContext = await browser.newContext({ viewport, baseURL });
  waitForHydration(sellerContext);
  await signInto(sellerContext, request, SELLER);
  const seller = await sellerContext.newPage();
  await skipSignupPrompt(seller);
  await seller.goto("/sell");
  await seller.getByLabel("Title", { exact: true }).fill(`Dugout canoe ${word}`);
  await seller.getByLabel("Category", { exact: true }).selectOption({ label: categoryName });
  await seller.getByLabel("Subcategory").selectOption({ label: subcategoryName });
  await seller.getByLabel("Location").selectOption("Sinkor, Montserrado");
  await seller.getByLabel("Price (USD)").fill("450");
  await seller.getByLabel("Description").fill("Hand-carved dugout canoe, seats four, with two paddles.");
  await seller.getByLabel("+ Add photos").setInputFiles(await uniquePhotos(seller, 2));
  await expect(seller.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(
    2,
  );
  await seller.getByRole("button", { name: "Next" }).click();
  await expect(seller.getByRole("form", { name: "Product Details" })).toBeVisible();
  const hull = seller.getByLabel("Hull material");
  await expect(hull.locator("option")).toHaveText(["Select", "Wood", "Fibreglass", "Aluminium", "Steel"]);
  await seller.getByRole("button", { name: "Next" }).click();
  await expect(seller.getByText("Hull material is required")).toBeVisible();
  await hull.selectOption("Fibreglass");
  await seller.getByRole("button", { name: "Next" }).click();
  await expect(seller.getByRole("form", { name: "Boost" })).toBeVisible();
  await sellerContext.close();
});
