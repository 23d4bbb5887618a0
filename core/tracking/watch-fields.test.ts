import { describe, expect, it } from "vitest";
import { intervalChoices } from "./watch-fields.ts";

describe("intervalChoices", () => {
  it.each<[number, number | undefined, number[]]>([
    // The default floor (an hour): the usual hours.
    [60, undefined, [60, 120, 180, 360, 720, 1440]],
    // A 15-minute plan can choose 15 minutes (it could not before: #39 item 3).
    [15, undefined, [15, 30, 60, 120, 180, 360, 720, 1440]],
    // An operator's floor that is not on the ladder is itself a choice.
    [45, undefined, [45, 60, 120, 180, 360, 720, 1440]],
    // An interval set through the API stays chosen, so "Save alert" keeps it.
    [1, 2, [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440]],
    [60, 90, [60, 90, 120, 180, 360, 720, 1440]],
    // A floor past a day is capped at a day.
    [5000, undefined, [1440]],
  ])("floor %s, current %s", (floor, current, expected) => {
    expect(intervalChoices(floor, current)).toEqual(expected);
  });
});
