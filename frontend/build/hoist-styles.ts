import { pruneCustomProperties } from './prune-css-vars.ts';

/**
 * Server-rendered emotion styles arrive as one <style> element in front of each styled element. Parsed in
 * the body, every one of them makes the browser recompute the styles of the whole page (on a phone that
 * was most of the landing page's blocking time). `hoistStyles` moves them into the head: the page's own
 * rules as ONE element whose `data-emotion` lists every rule id (emotion's client cache reads the ids from
 * the attribute, so it does not insert the rules again), and the global rules with only the custom
 * properties the page uses, in a plain <style> (no `data-emotion`, so the app inserts its complete global
 * rules when it starts instead of adopting these).
 */
const STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

export interface HoistedStyles {
  /** The markup without its <style> elements. */
  readonly html: string;
  /** The <style> elements for the head. */
  readonly head: string;
}

export function hoistStyles(markup: string): HoistedStyles {
  const globals: string[] = [];
  const ids: string[] = [];
  const rules: string[] = [];
  const html = markup.replace(STYLE, (_whole, attribute: string, css: string) => {
    const [key, ...names] = attribute.split(' ');
    if (key === 'css') {
      for (const name of names) if (!ids.includes(name)) ids.push(name);
      rules.push(css);
    } else {
      globals.push(css);
    }
    return '';
  });
  const own = rules.join('');
  const global = pruneCustomProperties(globals.join(''), own + html);
  return {
    html,
    head: `<style data-landing-css>${global}</style><style data-emotion="css ${ids.join(' ')}">${own}</style>`,
  };
}
