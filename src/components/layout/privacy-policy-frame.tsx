/** product §2.11: the fixed privacy policy PDF (dated 01-09-24) in a frame 800px high titled 'Privacy Policy'. */
export function PrivacyPolicyFrame({ className = "w-full" }: { className?: string }) {
  return (
    <iframe
      src="/policies/privacy-policy.pdf"
      title="Privacy Policy"
      className={`h-[800px] ${className}`}
      height={800}
    />
  );
}
