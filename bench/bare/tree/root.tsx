/** The route-tree floor's root: the two-route app's own (the same document, styles and scripts). */
export { default, links } from "../app/root";
