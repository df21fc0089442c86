"use client";

import { SlidersHorizontal } from "lucide-react";
import { Popover } from "radix-ui";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import type { SearchPartId, searchParts } from "../parts";

/** The parts the search looks in, each switched on or off in a popover beside the search box. */
export function PartsFilter({
  parts,
  excluded,
  onChange,
}: {
  parts: ReturnType<typeof searchParts>;
  excluded: SearchPartId[];
  onChange: (excluded: SearchPartId[]) => void;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button type="button" variant="outline" size="icon" aria-label="Select Parts to Search">
          <SlidersHorizontal aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Content
        align="end"
        sideOffset={6}
        className="z-50 w-64 rounded-md border bg-background p-3 shadow-md"
      >
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Select Parts to Search</legend>
          <div className="grid gap-1.5">
            {parts.map((part) => (
              <label key={part.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={!excluded.includes(part.id)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? excluded.filter((id) => id !== part.id) : [...excluded, part.id],
                    )
                  }
                  className={cn("size-4 accent-primary")}
                />
                {part.title}
              </label>
            ))}
          </div>
        </fieldset>
      </Popover.Content>
    </Popover.Root>
  );
}
