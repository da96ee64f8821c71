import { configure } from '@testing-library/dom';

// @testing-library/dom, which React Testing Library reads its settings from: lighter to load in every unit file.
// findBy…/waitFor wait as long as a loaded run needs: on two cores busy with the API and browser tests, a lazily loaded
// chunk or a large form in jsdom has taken over 5 s to appear. A test that passes waits only as long as it must.
configure({ asyncUtilTimeout: 15_000 });

// Every language's texts, as the API has them: a unit test switches to Hindi at once (the SPA downloads them first: i18n.ts).
import '../../src/domain/i18n/catalogue';
