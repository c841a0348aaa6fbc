/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { RAZORPAY_SANDBOX_ORIGIN } from '../config/localServices.mjs';
import { reactDomClientModule } from './build/reactDomClientModule';
// By path, not by package name: Vite bundles a config's relative imports but leaves a package to Node,
// which cannot load the domain's TypeScript source.
import { featuredCourses } from '../packages/domain/src/catalogue';

/**
 * `virtual:featured-courses`: the home page's six popular courses, chosen from the domain's catalogue at
 * build time, so the home page downloads those six instead of the whole catalogue (7.5 KB gzipped).
 */
function featuredCoursesModule(): Plugin {
  const id = 'virtual:featured-courses';
  return {
    name: 'upskill-featured-courses',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(featuredCourses())};` : undefined),
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), featuredCoursesModule(), reactDomClientModule()],
  // Checkout's script comes from configuration: Razorpay's in production (.env.production), the local
  // sandbox's in the emulator build and the dev server, whose port is named once in config/localServices.mjs.
  define:
    mode === 'production'
      ? {}
      : { 'import.meta.env.VITE_RAZORPAY_CHECKOUT_URL': JSON.stringify(`${RAZORPAY_SANDBOX_ORIGIN}/v1/checkout.js`) },
  server: {
    port: 5173,
    // `npm run dev`: /api goes straight to the Functions emulator, mirroring Hosting's rewrites.
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:5001',
        // The emulator strips the function's own prefix; keeping /api/... after it gives the function the same
        // path it sees behind Hosting (PUT /api/enroll/{id} reads the id from it).
        rewrite: (path) => path.replace(/^\/api\/(contact|enroll|payments)/, '/demo-upskill/asia-south1/$1/api/$1'),
      },
    },
  },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    cssCodeSplit: true,
    // No preload helper in the scripts: each prerendered page's HTML preloads exactly the chunks that page
    // hydrates with (scripts/prerender.mjs, from the manifest), so none waits for another to be parsed. A
    // later route change fetches its page chunk, then that chunk's imports.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and the router as one chunk: every page loads all of them, and as four chunks they
          // cost about 1.9 KB gzipped more per page (headers, and the imports and exports between them).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // The app's small modules that the layout imports, so every page loads each of them anyway: as one chunk
            // rather than nine, the headers and the imports and exports between them cost about 1 KB less per page.
            // The header's account corner and the idle-time helper it waits with (lib/afterIdle.ts) are rendered on
            // every page after hydration: in here they cost 0.4 KB less than as two chunks of their own.
            // A course's card, facts, syllabus and stars: the catalogue, a course page and the catalogue's preview each
            // use several of them, and as the four chunks the preview's own import made of them they cost a course
            // page 0.3 KB more. Only these modules: what they import stays where it was (taken in with them, the
            // preload helper made this chunk part of every page's entry).
            {
              name: 'course-parts',
              test: /web[\\/]src[\\/](features[\\/]catalogue[\\/](CourseCard|CourseMeta|CourseSyllabus)|components[\\/]Stars)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shell',
              test: /web[\\/]src[\\/](components[\\/](Icon|StaticHtml|GuestLinks)|lib[\\/](useDocumentMeta|sessionHint|useHydrated|reducedMotion|afterIdle)|config[\\/]paths)\.tsx?$|domain[\\/]src[\\/]common[\\/]company\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));
