/** The banner that says, before anything else on the page, that nothing here is a real payment. */
export function TestModeNotice({ children }: { children: React.ReactNode }) {
  return (
    <div
      role="note"
      className="rounded-md border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950"
    >
      <p className="font-bold tracking-wide uppercase">Test mode: no real payment</p>
      <p className="text-sm">{children}</p>
    </div>
  );
}
