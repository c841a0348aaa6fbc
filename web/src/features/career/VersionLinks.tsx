/** A link the learner gave (their document, profile or a posting): opened apart, never sent our address or credit. */
export function OutsideLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} rel="noopener noreferrer nofollow" target="_blank">
      {children}
    </a>
  );
}

/** A version's links: what was sent for review (named for who reads it) and the job posting, if one was given. */
export function VersionLinks({ link, postingLink, linkText }: { link: string; postingLink: string | null; linkText: string }) {
  return (
    <>
      <OutsideLink href={link}>{linkText}</OutsideLink>
      {postingLink && (
        <>
          {' · '}
          <OutsideLink href={postingLink}>the posting</OutsideLink>
        </>
      )}
    </>
  );
}
