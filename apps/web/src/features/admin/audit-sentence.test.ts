import { describe, expect, it } from "vitest";
import { auditSentence, type AuditChange } from "./audit-sentence";

const entry = (
  action: string,
  target_type: string,
  target_id: number,
  before: unknown,
  after: unknown,
): AuditChange => ({
  action,
  target_type,
  target_id,
  before,
  after,
});

describe("auditSentence", () => {
  it("tells a banned-words rule's creation, change and deletion in words (issue 28)", () => {
    const tramadol = {
      kind: "word",
      pattern: "tramadol",
      action: "refuse",
      reason: "Selling prescription medicines is not allowed",
    };
    expect(auditSentence(entry("screening_rule.create", "screening_rule", 3, null, tramadol))).toBe(
      "Rule #3 created: refuses the word “tramadol” (Selling prescription medicines is not allowed)",
    );
    expect(
      auditSentence(entry("screening_rule.update", "screening_rule", 3, tramadol, { ...tramadol, action: "flag" })),
    ).toBe(
      "Rule #3 changed: refuses the word “tramadol” (Selling prescription medicines is not allowed) → flags the word “tramadol” (Selling prescription medicines is not allowed)",
    );
    expect(
      auditSentence(entry("screening_rule.delete", "screening_rule", 3, { ...tramadol, kind: "pattern" }, null)),
    ).toBe("Rule #3 deleted: refuses the pattern “tramadol” (Selling prescription medicines is not allowed)");
  });

  it("tells a new exchange rate with the one it replaced and where it comes from (issue 30)", () => {
    expect(
      auditSentence(
        entry("exchange_rate.set", "exchange_rate", 7, { usd_lrd: 190 }, { usd_lrd: 192.5, note: "CBL 27 Nov" }),
      ),
    ).toBe("Exchange rate set to L$ 192.50 per US$ (was L$ 190.00): CBL 27 Nov");
    expect(auditSentence(entry("exchange_rate.set", "exchange_rate", 1, null, { usd_lrd: 186.1234, note: "" }))).toBe(
      "Exchange rate set to L$ 186.1234 per US$",
    );
  });

  it("tells a report's status change with the spec's names, not ids", () => {
    expect(
      auditSentence(
        entry(
          "ad_report.status",
          "ad_report",
          12,
          { status_id: 2, admin_response: null },
          { status_id: 3, admin_response: null },
        ),
      ),
    ).toBe("Ad report #12 resolved: Under Review → Resolved");
    expect(
      auditSentence(
        entry(
          "user_report.status",
          "user_report",
          4,
          { status_id: 1, admin_response: null },
          { status_id: 2, admin_response: null },
        ),
      ),
    ).toBe("User report #4 taken under review: Unresolved → Under Review");
    expect(
      auditSentence(
        entry(
          "ad_report.status",
          "ad_report",
          5,
          { status_id: 2, admin_response: null },
          { status_id: 3, admin_response: "We removed   the ad." },
        ),
      ),
    ).toBe("Ad report #5 resolved: Under Review → Resolved with the answer “We removed the ad.”");
  });

  it("tells ad, user and admin status changes with what they did", () => {
    expect(auditSentence(entry("ad.status", "ad", 31, { status_id: 2 }, { status_id: 3 }))).toBe(
      "Ad #31 hidden: Active → Hidden",
    );
    expect(auditSentence(entry("ad.status", "ad", 31, { status_id: 1 }, { status_id: 2 }))).toBe(
      "Ad #31 activated: Pending → Active",
    );
    expect(
      auditSentence(
        entry(
          "user.status",
          "user",
          7,
          { status_id: 1 },
          { status_id: 2, hidden_ad_ids: [3, 4, 9], revoked_sessions: 1 },
        ),
      ),
    ).toBe("User #7 banned: Active → Banned, 3 ads hidden, 1 session ended");
    expect(
      auditSentence(entry("user.status", "user", 7, { status_id: 2 }, { status_id: 1, restored_ad_ids: [] })),
    ).toBe("User #7 reactivated: Banned → Active");
    expect(
      auditSentence(
        entry("admin.status", "admin", 2, { status: "Active" }, { status: "Suspended", revoked_sessions: 2 }),
      ),
    ).toBe("Admin #2 suspended: Active → Suspended, 2 sessions ended");
  });

  it("tells the second factor's enrolment, a recovery code spent and a reset (issue 27)", () => {
    expect(
      auditSentence(entry("admin.two_factor.enrol", "admin", 3, null, { enrolled: true, recovery_codes: 10 })),
    ).toBe("Admin #3 set up an authenticator app, with 10 recovery codes");
    expect(auditSentence(entry("admin.two_factor.recovery_code", "admin", 3, null, { recovery_codes_left: 9 }))).toBe(
      "Admin #3 signed in with a recovery code, 9 left",
    );
    expect(
      auditSentence(entry("admin.two_factor.reset", "admin", 3, null, { two_factor: "reset", revoked_sessions: 1 })),
    ).toBe("Admin #3's second factor reset: an authenticator is set up again at the next sign-in, 1 session ended");
  });

  it("tells moderation, deletions and catalogue changes in words", () => {
    expect(
      auditSentence(entry("ad.mark_reviewed", "ad", 8, null, { reviewed_by: 1, reviewed_at: "2026-11-01T10:00:00Z" })),
    ).toBe("Ad #8 marked reviewed");
    expect(auditSentence(entry("ad.unmark_reviewed", "ad", 8, { reviewed_by: 1 }, null))).toBe(
      "Ad #8 back in the moderation queue",
    );
    expect(
      auditSentence(
        entry(
          "review.delete",
          "review",
          40,
          { id: 40, ad_id: 8, content: "Fake photos, the house is not like this." },
          null,
        ),
      ),
    ).toBe("Review #40 deleted from ad #8: “Fake photos, the house is not like this.”");
    expect(
      auditSentence(
        entry("category.update", "category", 3, { name: "Cars", image: "a" }, { name: "Vehicles", image: "b" }),
      ),
    ).toBe("Category #3 changed: name “Cars” → “Vehicles”, picture changed");
    expect(auditSentence(entry("subcategory.active", "subcategory", 11, { active: false }, { active: true }))).toBe(
      "Subcategory #11 activated",
    );
    expect(
      auditSentence(
        entry("attribute.update", "attribute", 4, { name: "Year", attribute_type_id: 3 }, { attribute_type_id: 2 }),
      ),
    ).toBe("Attribute #4 changed: type Text → Number");
    expect(
      auditSentence(
        entry(
          "subcategory_attribute.update",
          "subcategory_attribute",
          9,
          { is_required: false, active: true },
          { is_required: true },
        ),
      ),
    ).toBe("Subcategory attribute #9 changed: required no → yes");
    expect(
      auditSentence(entry("attribute_option.update", "attribute_option", 5, { value: "Red" }, { value: "Maroon" })),
    ).toBe("Option #5 changed: “Red” → “Maroon”");
  });

  it("tells an export's filters in words", () => {
    expect(auditSentence(entry("users.export", "users", 0, null, { status: 2, usertype: 2, search: "fatu" }))).toBe(
      "Exported to CSV: Banned Company users matching “fatu”",
    );
    expect(auditSentence(entry("ads.export", "ads", 0, null, {}))).toBe("Exported to CSV: All ads");
  });

  it("never shows a raw field id for a status, and still reads an action it does not know", () => {
    const sentence = auditSentence(entry("ad.status", "ad", 1, { status_id: 2 }, { status_id: 3 }));
    expect(sentence).not.toMatch(/status_id|\{|"/);
    expect(auditSentence(entry("widget.paint", "widget_part", 3, { colour: "red" }, { colour: "blue" }))).toBe(
      "widget part #3: paint, colour red → blue",
    );
  });
});
