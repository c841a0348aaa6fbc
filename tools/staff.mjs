// The staff CLI: who may use the staff console (/staff).
//
//   npm run staff -- grant <email> [--admin]   give staff access (and, with --admin, the right to grant it)
//   npm run staff -- revoke <email>            take it away: claims removed and every session revoked at once
//   npm run staff -- list                      everyone with staff, admin or instructor access
//   npm run staff -- instructor <email> <profile>   make them an instructor (profile: ananya, daniel, ...; see
//                                              packages/domain/src/catalogue/instructors.ts); "none" takes it away
//   npm run staff -- mentor <email> [none]     make them a mentor (they fill in their profile and hours on
//                                              /mentoring); "none" takes it away
//
// Against the local Auth emulator by default (127.0.0.1:9099, project from .firebaserc). With
// --project <id> it works on that real project through Application Default Credentials
// (`gcloud auth application-default login` as someone allowed to manage its users).
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';

const ROOT = new URL('..', import.meta.url);

export function parseArgs(argv) {
  const args = [...argv];
  const take = (flag) => {
    const i = args.indexOf(flag);
    if (i === -1) return undefined;
    const [, value] = args.splice(i, 2);
    if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    return value;
  };
  const flag = (name) => {
    const i = args.indexOf(name);
    if (i === -1) return false;
    args.splice(i, 1);
    return true;
  };
  const project = take('--project');
  const admin = flag('--admin');
  const [command, email, ...extra] = args;
  if (!['grant', 'revoke', 'list', 'instructor', 'mentor'].includes(command))
    throw new Error('Say grant, revoke, list, instructor or mentor.');
  if (command === 'mentor') {
    const [off, ...more] = extra;
    if (!email) throw new Error('mentor needs an e-mail address.');
    if ((off !== undefined && off !== 'none') || more.length || admin)
      throw new Error(`Unexpected: ${extra.join(' ')}${admin ? ' --admin' : ''}`);
    return { command, email: email.toLowerCase(), remove: off === 'none', project };
  }
  if (command === 'instructor') {
    const [profile, ...more] = extra;
    if (!email || !profile) throw new Error('instructor needs an e-mail address and a profile (or none).');
    if (more.length || admin) throw new Error(`Unexpected: ${more.join(' ')}${admin ? ' --admin' : ''}`);
    return { command, email: email.toLowerCase(), profile, project };
  }
  if (command !== 'list' && !email) throw new Error(`${command} needs an e-mail address.`);
  if (extra.length || (command === 'list' && email)) throw new Error(`Unexpected: ${[email, ...extra].filter(Boolean).join(' ')}`);
  if (admin && command !== 'grant') throw new Error('--admin goes with grant.');
  return { command, email: email?.toLowerCase(), admin, project };
}

function connect(project) {
  if (!project) {
    const firebase = JSON.parse(readFileSync(new URL('firebase.json', ROOT), 'utf8'));
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${firebase.emulators.auth.host}:${firebase.emulators.auth.port}`;
    process.env.FIRESTORE_EMULATOR_HOST ??= `${firebase.emulators.firestore.host}:${firebase.emulators.firestore.port}`;
    project = JSON.parse(readFileSync(new URL('.firebaserc', ROOT), 'utf8')).projects.default;
  }
  const app = initializeApp({ projectId: project });
  return {
    auth: getAuth(app),
    firestore: () => getFirestore(app),
    where: process.env.FIREBASE_AUTH_EMULATOR_HOST ? `the Auth emulator (${project})` : `project ${project}`,
  };
}

/** The instructor profiles a claim may name (the keys of INSTRUCTORS in packages/domain/src/catalogue/instructors.ts). */
export function instructorProfiles() {
  const source = readFileSync(new URL('packages/domain/src/catalogue/instructors.ts', ROOT), 'utf8');
  return [...source.matchAll(/^\s{2}([a-z]+): \{ name:/gm)].map((m) => m[1]);
}

const describe = (user) => {
  const claims = user.customClaims ?? {};
  const roles = [
    claims.staff === true && 'staff',
    claims.admin === true && 'admin',
    typeof claims.instructor === 'string' && `instructor (${claims.instructor})`,
    claims.mentor === true && 'mentor',
  ].filter(Boolean);
  return `${user.email ?? user.uid}\t${roles.join(', ') || 'no access'}`;
};

export async function main(argv, out = console.log) {
  const { command, email, admin, project, profile, remove } = parseArgs(argv);
  const { auth, firestore, where } = connect(project);
  if (command === 'list') {
    let found = 0;
    let page;
    do {
      page = await auth.listUsers(1000, page?.pageToken);
      for (const user of page.users) {
        const c = user.customClaims ?? {};
        if (c.staff === true || c.admin === true || typeof c.instructor === 'string' || c.mentor === true) {
          out(describe(user));
          found += 1;
        }
      }
    } while (page.pageToken);
    if (!found) out(`No staff in ${where}.`);
    return;
  }
  const user = await auth.getUserByEmail(email).catch(() => {
    throw new Error(`No account with ${email} in ${where}. They must register on the site first.`);
  });
  if (command === 'mentor') {
    const claims = { ...(user.customClaims ?? {}) };
    if (remove) {
      delete claims.mentor;
      await auth.setCustomUserClaims(user.uid, claims);
      await auth.revokeRefreshTokens(user.uid);
      // Learners no longer see them; the profile and its bookings stay for the record.
      const profile = firestore().collection('mentors').doc(user.uid);
      if ((await profile.get()).exists) await profile.update({ active: false });
      out(
        `${email}: mentor access removed and every session signed out in ${where}. Their booked sessions stand; staff see them in the console.`,
      );
      return;
    }
    await auth.setCustomUserClaims(user.uid, { ...claims, mentor: true });
    out(`${email}: mentor in ${where}. At their next sign-in, My mentoring (/mentoring) asks for their profile and hours.`);
    return;
  }
  if (command === 'instructor') {
    const claims = { ...(user.customClaims ?? {}) };
    if (profile === 'none') {
      delete claims.instructor;
      await auth.setCustomUserClaims(user.uid, claims);
      await auth.revokeRefreshTokens(user.uid);
      out(`${email}: instructor access removed and every session signed out in ${where}.`);
      return;
    }
    const profiles = instructorProfiles();
    if (!profiles.includes(profile)) throw new Error(`No instructor profile "${profile}". Profiles: ${profiles.join(', ')}.`);
    await auth.setCustomUserClaims(user.uid, { ...claims, instructor: profile });
    out(`${email}: instructor (${profile}) in ${where}. They see their batches on /teaching at their next sign-in.`);
    return;
  }
  const others = { ...(user.customClaims ?? {}) };
  delete others.staff;
  delete others.admin;
  if (command === 'grant') {
    await auth.setCustomUserClaims(user.uid, {
      ...others,
      staff: true,
      ...(admin || user.customClaims?.admin === true ? { admin: true } : {}),
    });
    out(
      `${email}: staff${admin ? ' and admin' : ''} in ${where}. They get it at their next sign-in, or within a minute in an open console.`,
    );
  } else {
    await auth.setCustomUserClaims(user.uid, others);
    // Their current ID tokens still say staff for up to an hour: revoking the sessions makes the
    // functions (which check revocation) refuse them now and signs them out everywhere.
    await auth.revokeRefreshTokens(user.uid);
    out(`${email}: staff access revoked and every session signed out in ${where}.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`staff: ${err.message}`);
    console.error(
      'Usage: npm run staff -- grant <email> [--admin] | revoke <email> | list | instructor <email> <profile|none> | mentor <email> [none]   [--project <id>]',
    );
    process.exit(1);
  });
}
