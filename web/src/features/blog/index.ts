// The blog's public entry: the posts, for the prerender and the sitemap.
export { POSTS, findPost, type BlogPost } from './posts';
