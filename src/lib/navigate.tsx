import { createContext, useContext } from 'react';
import { Navigate as RouterNavigate, useResolvedPath, type NavigateProps } from 'react-router';

/**
 * Where a drawing on the server notes the first address a page sent the user on to
 * (src/first-screen/draw.server.tsx): the server answers with that redirect instead of a page that
 * would draw nothing and leave the move to the portal's code, seconds later on a phone.
 */
export const DrawnRedirect = createContext<{ to?: string } | null>(null);

/**
 * The portal's one `<Navigate>`: react-router's in the browser. In a drawing, one that carries no
 * state (a redirect cannot) is noted as the drawing's answer instead; react-router's own would only
 * warn there, as effects do not run on the server. `portalOnly`: a move the page tells the user
 * about as it goes (a notice shown from an effect, which a drawing never runs) is left to the portal.
 */
export function Navigate({ portalOnly = false, ...props }: NavigateProps & { portalOnly?: boolean }) {
  const drawing = useContext(DrawnRedirect);
  const { pathname, search, hash } = useResolvedPath(props.to, { relative: props.relative });
  if (drawing && props.state === undefined && !portalOnly) {
    drawing.to ??= pathname + search + hash;
    return null;
  }
  return <RouterNavigate {...props} />;
}
