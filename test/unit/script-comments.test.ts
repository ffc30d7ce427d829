// engine switch-check: a name in a script's comment is no reference; strings, escapes and XML
// entities keep the tokenizer from taking `//` in a URL or a regular expression for a comment.
import { describe, expect, it } from 'vitest';
import { commentStyleOf, inComment } from '../../src/switching/script-comments.js';
import { scanResource } from '../../src/switching/resource-scan.js';

/** Whether the first `NAME` of the text is in a comment. */
function commented(text: string, language: string, xml = false): boolean {
  const style = commentStyleOf(language);
  if (style === undefined) throw new Error(`no style for ${language}`);
  return inComment(text, 0, text.indexOf('NAME'), style, xml);
}

describe('inComment', () => {
  it('knows line and block comments of JavaScript and Groovy, and hash comments of Python and Ruby', () => {
    expect(commented('var a = 1; // NAME\n', 'javascript')).toBe(true);
    expect(commented('/* one\n two NAME */ x', 'groovy')).toBe(true);
    expect(commented('/* done */ NAME', 'groovy')).toBe(false);
    expect(commented('// first line\nNAME', 'javascript')).toBe(false);
    expect(commented('x = 1  # NAME', 'python')).toBe(true);
    expect(commented('puts "#{x}" ; NAME', 'ruby')).toBe(false);
    expect(commented('x // NAME', 'python')).toBe(false);
  });

  it('does not take // in a string or an escaped regular expression for a comment', () => {
    expect(commented('var u = "http://host/"; NAME', 'javascript')).toBe(false);
    expect(commented("var u = 'a//b'; NAME", 'groovy')).toBe(false);
    expect(commented('def s = """many // lines\n"""; NAME', 'groovy')).toBe(false);
    expect(commented('var r = /https?:\\/\\//; NAME', 'javascript')).toBe(false);
    expect(commented('var t = `x // y`; NAME', 'javascript')).toBe(false);
  });

  it('in XML text: follows CDATA, and gives up at an entity that may stand for a quote (not in a comment already begun)', () => {
    expect(commented('<![CDATA[ a && b // NAME ]]>', 'javascript', true)).toBe(true);
    expect(commented('var u = &quot;http://x&quot;; NAME', 'javascript', true)).toBe(false);
    expect(commented('var a = 1; // &amp; NAME', 'javascript', true)).toBe(true);
  });

  it('has no style for expression languages', () => {
    expect(commentStyleOf('juel')).toBeUndefined();
    expect(commentStyleOf(null)).toBeUndefined();
    expect(commentStyleOf('py')).toBe('hash');
  });
});

describe('scanResource and script comments', () => {
  it("leaves out a name in a script's comment, by the script task's or the camunda:script's scriptFormat", () => {
    const model = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:scriptTask id="s" scriptFormat="groovy"><bpmn:script><![CDATA[// was org.camunda.bpm.Old
def v = org.camunda.bpm.engine.variable.Variables.createVariables()]]></bpmn:script></bpmn:scriptTask>
    <bpmn:userTask id="u"><bpmn:extensionElements><camunda:taskListener event="create">
      <camunda:script scriptFormat="javascript">/* org.camunda.bpm.Gone */ var x = 'org.camunda.bpm.Kept';</camunda:script>
    </camunda:taskListener></bpmn:extensionElements></bpmn:userTask>
  </bpmn:process>
</bpmn:definitions>`;
    expect(scanResource(model).references.map(({ elementId, reference }) => [elementId, reference])).toEqual([
      ['s', 'org.camunda.bpm.engine.variable.Variables'],
      ['u', 'org.camunda.bpm.Kept'],
    ]);
  });
});
